import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../auth/test-helpers'
import type { Emulator } from '../emulator'
import { emulatorModules } from '../emulator/modules'
import { SEED_ZONES } from '../emulator/seed-ids'
import { zonesModule } from '../emulator/zones'
import { createStore } from '../store'
import { createModuleEmulator } from '../../testing/module-emulator'
import { testConfig } from '../../testing/server'
import type { ChangeRequestDetail, ChangeRequestView, ZoneFileProposal } from '../../shared/schemas/change-requests'

/**
 * Issue 25, proposing from the other places: the bulk actions' batch, the zone-file import and the
 * page-security policies. Through the whole app, with people signed in and the sandbox behind it.
 */
const Z = SEED_ZONES.demo
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const store = createStore({ dataDir: ':memory:' })
const me = createModuleEmulator(emulatorModules.filter((m) => m !== zonesModule))
const emulator: Emulator = { ...me, reset: async () => {}, ready: Promise.resolve(), preparing: () => [] }
let app: ReturnType<typeof createApp>
const as: Record<string, Record<string, string>> = {}
const POLICIES = `/api/v4/zones/${Z.id}/page_shield/policies`

beforeAll(async () => {
  app = createApp({ config: testConfig(), emulator, store })
  for (const [name, content] of [['bulk-a', '192.0.2.11'], ['bulk-b', '192.0.2.12']]) {
    await app.request(`/api/v4/zones/${Z.id}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name, content, ttl: 300, proxied: false }) })
  }
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'adm']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  await app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: { ...W, ...as.adm }, body: JSON.stringify({ required: true, approverMode: 'editors' }) })
})
afterAll(async () => {
  await store.close()
  me.close()
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown, headers: Record<string, string> = W) => {
  const res = await app.request(path, { method, headers: { ...headers, ...as[who] }, body: body === undefined ? undefined : typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body) })
  const text = await res.text()
  const json = (text ? JSON.parse(text) : {}) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
type Rec = { id: string; name: string; content: string; type: string; proxied: boolean; ttl: number }
type Policy = { id: string; description: string; action: string; value: string; expression: string; enabled: boolean }
const records = async () => (await call<Rec[]>('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=500`)).result
const byName = async (name: string) => (await records()).find((r) => r.name === `${name}.${Z.name}`)
const policies = async () => (await call<Policy[]>('adm', 'GET', POLICIES)).result
const file = (who: string, title: string, items: unknown[]) => call<ChangeRequestView>(who, 'POST', '/api/local/change-requests', { zoneId: Z.id, title, reason: 'testing', items })
const approve = (id: number) => call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${id}/approve`)

describe('proposing from the bulk actions, the zone-file import and the policy editor', () => {
  it('refuses an editor\'s direct batch, import, scan accept and policy writes on the approval zone; an administrator still writes', async () => {
    const a = (await byName('bulk-a'))!
    const batch = await call('ed', 'POST', `/api/v4/zones/${Z.id}/dns_records/batch`, { deletes: [{ id: a.id }] })
    expect(batch.status).toBe(403)
    expect(batch.errors[0].message).toMatch(/bulk actions and the zone-file import propose too/)
    const form = new FormData()
    form.append('file', new Blob([`imp 300 IN A 192.0.2.77\n`]), 'z.txt')
    const imported = await app.request(`/api/v4/zones/${Z.id}/dns_records/import`, { method: 'POST', headers: { 'x-zonekeeper-request': '1', ...as.ed }, body: form })
    expect(imported.status).toBe(403)
    expect((await call('ed', 'POST', `/api/v4/zones/${Z.id}/dns_records/scan/review`, { accepts: [], rejects: [] })).status).toBe(403)
    const policy = await call('ed', 'POST', POLICIES, { description: 'direct', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" })
    expect(policy.status).toBe(403)
    expect(policy.errors[0].message).toMatch(/Page-security policy changes on this zone need approval/)
    expect(await byName('bulk-a')).toBeTruthy()
    expect(await byName('imp')).toBeUndefined()
    expect((await policies()).some((p) => p.description === 'direct')).toBe(false)
    expect((await call('adm', 'POST', POLICIES, { description: 'by the admin', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" })).status).toBe(200)
  })

  it('applies a bulk proposal (deletes and a proxy change, one change per record) in one batch', async () => {
    const [a, b] = [(await byName('bulk-a'))!, (await byName('bulk-b'))!]
    const r = await file('ed', 'Bulk', [{ action: 'delete', recordId: a.id }, { action: 'update', recordId: b.id, body: { proxied: true } }])
    expect(r.status).toBe(200)
    expect(await byName('bulk-a')).toBeTruthy()
    const done = await approve(r.result.id)
    expect(done.result.status).toBe('applied')
    expect(done.result.items.map((i) => i.result?.status)).toEqual(['applied', 'applied'])
    expect(await byName('bulk-a')).toBeUndefined()
    expect((await byName('bulk-b'))?.proxied).toBe(true)
  })

  it('reads a zone file into one proposed record per line, with the refused lines and why, and files nothing by itself', async () => {
    const source = `$ORIGIN ${Z.name}.\n$TTL 600\nzf-one IN A 192.0.2.31\nzf-two IN TXT "hello"\nzf-bad IN A 999.1.1.1\n@ IN SOA ns1 host 1 2 3 4 5\n`
    const before = await records()
    const r = await call<ZoneFileProposal>('ed', 'POST', `/api/local/change-requests/zones/${Z.id}/zone-file`, { source })
    expect(r.status).toBe(200)
    expect(r.result.items.map((i) => [i.line, i.label])).toEqual([[3, `Add A zf-one.${Z.name}`], [4, `Add TXT zf-two.${Z.name}`]])
    expect(r.result.refused.map((x) => x.line)).toEqual([5, 6])
    expect(r.result.refused[1].message).toMatch(/SOA record is automatic/)
    expect(await records()).toEqual(before)
    expect((await call('ed', 'POST', `/api/local/change-requests/zones/${Z.id}/zone-file`, { source: `$INCLUDE other.zone\n` })).status).toBe(400)
    expect((await call('ed', 'POST', `/api/local/change-requests/zones/${Z.id}/zone-file`, { source: 5 })).status).toBe(400)
    expect((await call('ed', 'POST', `/api/local/change-requests/zones/${Z.id}/zone-file`, '{nope')).status).toBe(400)
    const filed = await file('ed', 'Import', r.result.items.map((i) => ({ action: 'create', body: i.body })))
    expect(filed.status).toBe(200)
    const detail = await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${filed.result.id}`)
    expect(detail.result.diff.map((d) => `${d.kind} ${d.label}`)).toEqual([`added A zf-one.${Z.name}`, `added TXT zf-two.${Z.name}`])
    expect((await approve(filed.result.id)).result.status).toBe('applied')
    expect((await byName('zf-one'))?.content).toBe('192.0.2.31')
    expect((await byName('zf-two'))?.ttl).toBe(600)
    // A zone outside the person's scope: refused.
    expect([403, 404]).toContain((await call('ed', 'POST', `/api/local/change-requests/zones/${SEED_ZONES.pending.id}/zone-file`, { source })).status)
  })

  it('applies proposed policies in order, with the draft check\'s impact note, and stops at the first failure with a per-item result', async () => {
    const existing = (await policies()).find((p) => p.description === 'by the admin')!
    const block = { description: 'Lock scripts', action: 'allow', expression: 'true', enabled: true, value: "script-src 'none'" }
    expect((await file('ed', 'Bad policy', [{ kind: 'page_shield_policy', action: 'create', body: { ...block, action: 'maybe' } }])).errors[0].message).toMatch(/action must be/)
    const r = await file('ed', 'Policies', [
      { kind: 'page_shield_policy', action: 'create', body: block },
      { kind: 'page_shield_policy', action: 'delete', recordId: existing.id },
      { kind: 'page_shield_policy', action: 'update', recordId: existing.id, body: { enabled: false } },
    ])
    expect(r.status).toBe(200)
    expect((await policies()).some((p) => p.description === 'Lock scripts')).toBe(false)
    const detail = (await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${r.result.id}`)).result
    expect(detail.diff.map((d) => `${d.kind} ${d.label}`)).toEqual(['added Policy: Lock scripts', 'deleted Policy: by the admin', 'changed Policy: by the admin'])
    expect(detail.impact.find((n) => n.position === 0)?.text).toMatch(/^Policy: Lock scripts would block \d+ scripts? .*now seen on the zone/)
    const done = (await approve(r.result.id)).result
    expect(done.status).toBe('partly_applied')
    expect(done.items.map((i) => i.result?.status)).toEqual(['applied', 'applied', 'failed'])
    expect(done.items[2].result?.message).toMatch(/not found/)
    expect(done.problems?.[0]).toMatchObject({ position: 2, label: 'Policy: by the admin' })
    expect((await policies()).map((p) => p.description)).toContain('Lock scripts')
    const entries = (await call<{ action: string; outcome: string }[]>('adm', 'GET', '/api/local/audit?area=change-requests')).result
    expect(entries.map((e) => e.action)).toContain('apply-partly')
  })

  it('stops at a refused policy even when an earlier one landed, and changes nothing when the DNS batch of a mixed request is refused', async () => {
    const lock = (await policies()).find((p) => p.description === 'Lock scripts')!
    const twice = (await file('ed', 'Delete twice', [
      { kind: 'page_shield_policy', action: 'delete', recordId: lock.id },
      { kind: 'page_shield_policy', action: 'delete', recordId: lock.id },
    ])).result
    const done = (await approve(twice.id)).result
    expect(done.status).toBe('partly_applied')
    expect(done.items.map((i) => i.result?.status)).toEqual(['applied', 'failed'])
    // DNS first, as one batch: a CNAME where an A record is refuses the batch, and the policy after it is not tried.
    const mixed = (await file('ed', 'Mixed', [
      { kind: 'page_shield_policy', action: 'create', body: { description: 'after the batch', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" } },
      { action: 'create', body: { type: 'CNAME', name: 'bulk-b', content: `zf-one.${Z.name}`, ttl: 300 } },
    ])).result
    const failed = (await approve(mixed.id)).result
    expect(failed.status).toBe('failed')
    expect(failed.items.map((i) => i.result?.status)).toEqual(['not_applied', 'failed'])
    expect(failed.items[0].result?.message).toMatch(/DNS changes of this request were refused/)
    expect((await policies()).some((p) => p.description === 'after the batch')).toBe(false)
    expect((await byName('bulk-b'))?.type).toBe('A')
  })
})
