import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestDetail, ChangeRequestView, ZoneFileProposal } from '../../shared/schemas/change-requests'

/**
 * Proposing from the other places: the bulk actions' batch, the zone-file import and the
 * page-security policies. Through the whole app, with people signed in and the sandbox behind it.
 */
const Z = SEED_ZONES.demo
// Every emulator module and a store, in memory, closed after the file.
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}
const POLICIES = `/api/v4/zones/${Z.id}/page_shield/policies`

beforeAll(async () => {
  for (const [name, content] of [['bulk-a', '192.0.2.11'], ['bulk-b', '192.0.2.12']]) {
    await app.request(`/api/v4/zones/${Z.id}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name, content, ttl: 300, proxied: false }) })
  }
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'adm']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  await app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: { ...W, ...as.adm }, body: JSON.stringify({ required: true, approverMode: 'editors' }) })
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
    expect(batch.errors[0].message).toMatch(/bulk actions, the zone-file import and the scan's review propose too/)
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

describe('undoing a request that holds policies, as one unit', () => {
  const undo = (id: number, body: unknown = {}, who = 'erin') => call<ChangeRequestView>(who, 'POST', `/api/local/change-requests/${id}/undo`, body)
  const policySnapshot = async () =>
    (await policies()).map(({ description, action, value, expression, enabled }) => ({ description, action, value, expression, enabled })).sort((a, b) => a.description.localeCompare(b.description))
  const recordSnapshot = async () => (await records()).map(({ id, name, type, content, ttl, proxied }) => ({ id, name, type, content, ttl, proxied })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  const adminPolicy = async (description: string) =>
    (await call<Policy>('adm', 'POST', POLICIES, { description, action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" })).result

  it('undoes an applied mixed request (DNS batch and policies) in reverse, leaving the zone and the policies as before', async () => {
    const base = await adminPolicy('undo base')
    const gone = await adminPolicy('undo gone')
    const one = (await byName('zf-one'))!
    const [zoneBefore, policiesBefore] = [await recordSnapshot(), await policySnapshot()]
    const r = (await file('ed', 'Mixed to undo', [
      { kind: 'page_shield_policy', action: 'create', body: { description: 'undo new', action: 'allow', expression: 'true', enabled: true, value: "script-src 'none'" } },
      { action: 'create', body: { type: 'A', name: 'undo-mix', content: '192.0.2.91', ttl: 300, proxied: false } },
      { kind: 'page_shield_policy', action: 'update', recordId: base.id, body: { enabled: false, value: "script-src 'none'" } },
      { action: 'update', recordId: one.id, body: { content: '192.0.2.92' } },
      { kind: 'page_shield_policy', action: 'delete', recordId: gone.id },
    ])).result
    expect(r.status).toBe('pending')
    const done = (await approve(r.id)).result
    expect(done.status).toBe('applied')
    expect((await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${r.id}`)).result.mayUndo).toBe(true)
    // Each write kept its own audit entry; the two DNS changes share the batch's.
    const entries = done.items.map((i) => i.result?.entryId)
    expect(entries.every((e) => typeof e === 'number' && e > 0)).toBe(true)
    expect(entries[1]).toBe(entries[3])
    expect(new Set([entries[0], entries[1], entries[2], entries[4]]).size).toBe(4)
    expect(await recordSnapshot()).not.toEqual(zoneBefore)
    expect(await policySnapshot()).not.toEqual(policiesBefore)
    // Of two undos at once, the store lets one go on.
    const [a, b] = await Promise.all([undo(r.id), undo(r.id)])
    const won = a.status === 200 ? a : b
    const lost = a.status === 200 ? b : a
    expect(won.status).toBe(200)
    expect(lost.status).toBe(409)
    expect(lost.errors[0].message).toMatch(/being undone|undone/)
    expect(won.result.status).toBe('undone')
    expect(won.result.items.map((i) => i.result?.undo?.status)).toEqual(['undone', 'undone', 'undone', 'undone', 'undone'])
    expect(await recordSnapshot()).toEqual(zoneBefore)
    expect(await policySnapshot()).toEqual(policiesBefore)
    expect((await undo(r.id)).status).toBe(409)
    const audit = (await call<{ action: string; resourceId: string | null; outcome: string; after: Record<string, unknown> | null }[]>('adm', 'GET', '/api/local/audit?area=change-requests')).result
    const undos = audit.filter((e) => e.action === 'undo' && e.resourceId === String(r.id))
    expect(undos.find((e) => e.outcome === 'success')?.after).toMatchObject({ outcome: 'undone' })
    // The undo that lost the race, and the one after, are on the request's record as refused.
    expect(undos.filter((e) => e.outcome !== 'success')).toHaveLength(2)
  })

  it('stops at a refused undo (a policy changed since), says per change what was undone, and finishes after a confirmed retry', async () => {
    const base = await adminPolicy('refuse base')
    const [zoneBefore, policiesBefore] = [await recordSnapshot(), await policySnapshot()]
    const r = (await file('ed', 'Undo refused', [
      { action: 'create', body: { type: 'A', name: 'undo-refused', content: '192.0.2.93', ttl: 300, proxied: false } },
      { kind: 'page_shield_policy', action: 'create', body: { description: 'refuse new', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" } },
      { kind: 'page_shield_policy', action: 'update', recordId: base.id, body: { enabled: false } },
    ])).result
    const done = (await approve(r.id)).result
    expect(done.status).toBe('applied')
    // Meanwhile an administrator changes the policy the request created.
    const created = (await policies()).find((p) => p.description === 'refuse new')!
    expect((await call('adm', 'PUT', `${POLICIES}/${created.id}`, { ...created, id: undefined, value: "script-src 'self' cdn.example" })).status).toBe(200)
    const first = await undo(r.id)
    expect(first.status).toBe(409)
    expect(first.errors[0].message).toMatch(/^Not all undone\. Undone: Policy: refuse base\. Still as applied: A undo-refused; Policy: refuse new\. The undo was refused: Changed since/)
    expect(first.result.status).toBe('applied')
    expect(first.result.items.map((i) => i.result?.undo?.status)).toEqual(['not_undone', 'failed', 'undone'])
    expect(first.result.items[1].result?.undo?.message).toMatch(/Changed since/)
    expect(first.result.items[0].result?.undo?.message).toMatch(/Not tried/)
    expect((await byName('undo-refused'))?.content).toBe('192.0.2.93')
    expect((await policies()).find((p) => p.id === base.id)?.enabled).toBe(true)
    const detail = (await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${r.id}`)).result
    expect(detail.mayUndo).toBe(true)
    // Someone who does not approve on the zone may not undo it.
    await addPerson(store, 'vera', 'viewer', [Z.name])
    as.vera = { cookie: await sessionCookie(app, 'vera', 'vera-password-1') }
    expect((await undo(r.id, {}, 'vera')).status).toBe(403)
    // Confirmed: the changed policy is undone anyway, then the DNS batch; the one already undone is not sent again.
    const second = await undo(r.id, { confirm: true })
    expect(second.status).toBe(200)
    expect(second.result.status).toBe('undone')
    expect(second.result.items.map((i) => i.result?.undo?.status)).toEqual(['undone', 'undone', 'undone'])
    expect(await recordSnapshot()).toEqual(zoneBefore)
    expect(await policySnapshot()).toEqual(policiesBefore)
  })

  it('undoes only what a partly applied request applied', async () => {
    const gone = await adminPolicy('partly gone')
    const policiesBefore = await policySnapshot()
    const r = (await file('ed', 'Partly, then undone', [
      { kind: 'page_shield_policy', action: 'create', body: { description: 'partly new', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" } },
      { kind: 'page_shield_policy', action: 'delete', recordId: gone.id },
      { kind: 'page_shield_policy', action: 'delete', recordId: gone.id },
    ])).result
    const done = (await approve(r.id)).result
    expect(done.status).toBe('partly_applied')
    expect((await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${r.id}`)).result.mayUndo).toBe(true)
    const undone = await undo(r.id)
    expect(undone.status).toBe(200)
    expect(undone.result.status).toBe('undone')
    expect(undone.result.items.map((i) => [i.result?.status, i.result?.undo?.status])).toEqual([['applied', 'undone'], ['applied', 'undone'], ['failed', undefined]])
    expect(await policySnapshot()).toEqual(policiesBefore)
  })
})
