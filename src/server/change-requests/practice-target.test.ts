import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, fromAddress, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startEmulatorUpstream } from '../../testing/emulator-upstream'
import { testConfig } from '../../testing/server'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Where a change request's writes land (live, or its person's practice copy) is the request's own,
 * fixed when it is reserved: a session switching practice on or off while an apply or an undo runs
 * does not move its writes to the other side. The same for the audit log's undo. Live mode, with a
 * live API (the emulator behind a real HTTP server), so the two sides are two different databases.
 */
const DEMO = SEED_ZONES.demo
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
let live: Awaited<ReturnType<typeof startEmulatorUpstream>>
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
const cookies: Record<string, string> = {}

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, cookie: cookies[who] }, body: body === undefined ? undefined : JSON.stringify(body) }, fromAddress('192.0.2.1'))
  const json = (await res.json()) as { result: T; errors: { message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors, audit: Number(res.headers.get('x-zonekeeper-audit-id')) }
}
const practise = async (who: string, on: boolean) => expect((await call(who, 'POST', '/api/local/practice', { practice: on })).status).toBe(200)
const liveNames = () => live.emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ?').pluck().all(DEMO.id) as string[]
/** The names in the person's practice copy (their session is switched to practice to look). */
const copyNames = async (who: string) => {
  await practise(who, true)
  return (await call<{ name: string }[]>(who, 'GET', `/api/v4/zones/${DEMO.id}/dns_records?per_page=500`)).result.map((r) => r.name)
}
/** Runs `meanwhile` the next time the store's `name` is called (once), then the call itself: a switch in the middle of an apply or undo. */
function onNext<T extends object>(target: T, name: keyof T, meanwhile: () => Promise<void>) {
  const original = target[name] as (...args: unknown[]) => Promise<unknown>
  ;(target as Record<keyof T, unknown>)[name] = async (...args: unknown[]) => {
    ;(target as Record<keyof T, unknown>)[name] = original
    await meanwhile()
    return original.apply(target, args)
  }
}
const fqdn = (label: string) => `${label}.${DEMO.name}`
const txt = (name: string) => ({ action: 'create', body: { type: 'TXT', name, content: '"x"', ttl: 300 } })

beforeAll(async () => {
  live = await startEmulatorUpstream()
  app = createApp({ config: testConfig({ credential: { kind: 'token', token: 'live-token-for-practice-0123456789' }, apiBaseUrl: live.upstream.url }), store })
  await addPerson(store, 'ed', 'editor', [DEMO.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'adm']) cookies[u] = await sessionCookie(app, u, `${u}-password-1`)
  // Live, only administrators approve on the zone: ed may propose there, never approve.
  expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${DEMO.id}`, { required: true, approverMode: 'admins' })).status).toBe(200)
  // In ed's practice copy, approval is on too, and there ed plays the approver.
  await practise('ed', true)
  expect((await call('ed', 'PUT', `/api/local/change-requests/zones/${DEMO.id}`, { required: true })).status).toBe(200)
  await practise('ed', false)
})
afterAll(async () => {
  await live.close()
  await store.close()
})

describe("a change request's writes stay on the side it was reserved on", () => {
  it('applies a practice request to the practice copy though the session went back to live during the apply', async () => {
    await practise('ed', true)
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: DEMO.id, title: 'Practice only', items: [txt('to-copy')] })
    expect(filed.status).toBe(200)
    onNext(store.changeRequests, 'markSent', () => practise('ed', false))
    const approved = await call<ChangeRequestView>('ed', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(approved.status).toBe(200)
    expect(approved.result.status).toBe('applied')
    // Nothing landed live (where ed may not approve), and the copy has it.
    expect(liveNames()).not.toContain(fqdn('to-copy'))
    expect(live.upstream.requests.some((r) => r.method === 'POST' && r.url.includes('/dns_records'))).toBe(false)
    expect(await copyNames('ed')).toContain(fqdn('to-copy'))

    // Its undo, with the session back on live while it runs: the copy's record goes, nothing live is touched.
    onNext(store.audit.undo, 'reserve', () => practise('ed', false))
    const undone = await call<ChangeRequestView>('ed', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, {})
    expect(undone.status).toBe(200)
    expect(undone.result.status).toBe('undone')
    expect(await copyNames('ed')).not.toContain(fqdn('to-copy'))
    await practise('ed', false)
  })

  it('applies a live request live though the approver switched practice on during the apply, and undoes it live the same way', async () => {
    await practise('ed', false)
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: DEMO.id, title: 'Live one', items: [txt('to-live')] })
    expect(filed.status).toBe(200)
    onNext(store.changeRequests, 'markSent', () => practise('adm', true))
    const approved = await call<ChangeRequestView>('adm', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(approved.status).toBe(200)
    expect(approved.result.status).toBe('applied')
    expect(liveNames()).toContain(fqdn('to-live'))
    expect(await copyNames('adm')).not.toContain(fqdn('to-live'))

    await practise('adm', false)
    onNext(store.audit.undo, 'reserve', () => practise('adm', true))
    const undone = await call<ChangeRequestView>('adm', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, {})
    expect(undone.status).toBe(200)
    expect(undone.result.status).toBe('undone')
    expect(liveNames()).not.toContain(fqdn('to-live'))
    await practise('adm', false)
  })

  it("undoes an audit entry on the entry's side though the session switched practice on during the undo", async () => {
    await practise('adm', false)
    const made = await call('adm', 'POST', `/api/v4/zones/${DEMO.id}/dns_records`, { type: 'TXT', name: 'audit-live', content: '"x"', ttl: 300 })
    expect(made.status).toBe(200)
    expect(liveNames()).toContain(fqdn('audit-live'))
    onNext(store.audit.undo, 'reserve', () => practise('adm', true))
    const undone = await call('adm', 'POST', `/api/local/audit/${made.audit}/undo`, {})
    expect(undone.status).toBe(200)
    expect(liveNames()).not.toContain(fqdn('audit-live'))
    await practise('adm', false)
  })
})
