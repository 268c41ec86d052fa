import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, fromAddress, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startEmulatorUpstream } from '../../testing/emulator-upstream'
import { testConfig } from '../../testing/server'
import type { ChangeRequestDetail, ChangeRequestView, ZoneApprovalView } from '../../shared/schemas/change-requests'

/**
 * Change requests in practice: a newcomer plays both sides alone on their own copy (turns approval on for
 * the copy's zone, proposes, approves their own request); live, nobody approves their own, and
 * nothing of it is seen there. Live mode, with a live API (the emulator behind a real HTTP server)
 * that records every request: practice reaches none of it.
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
  return { status: res.status, result: json.result, errors: json.errors }
}
const names = async (who: string) => (await call<{ name: string }[]>(who, 'GET', `/api/v4/zones/${DEMO.id}/dns_records?per_page=500`)).result.map((r) => r.name)

beforeAll(async () => {
  live = await startEmulatorUpstream()
  app = createApp({ config: testConfig({ credential: { kind: 'token', token: 'live-token-for-practice-0123456789' }, apiBaseUrl: live.upstream.url }), store })
  await addPerson(store, 'nina', 'viewer', [DEMO.name])
  await addPerson(store, 'ed', 'editor', [DEMO.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['nina', 'ed', 'adm']) cookies[u] = await sessionCookie(app, u, `${u}-password-1`)
  cookies['nina-live'] = await sessionCookie(app, 'nina', 'nina-password-1')
})
afterAll(async () => {
  await live.close()
  await store.close()
})

describe('change requests in practice', () => {
  it('lets a practising viewer turn approval on for their copy, propose, and approve their own request', async () => {
    expect((await call('nina', 'POST', '/api/local/practice', { practice: true })).status).toBe(200)
    live.upstream.requests.length = 0
    // Approval on for the copy's zone (any role may, on their own copy); the live setting stays off.
    const set = await call<ZoneApprovalView>('nina', 'PUT', `/api/local/change-requests/zones/${DEMO.id}`, { required: true })
    expect(set.status).toBe(200)
    expect(set.result).toMatchObject({ zoneId: DEMO.id, required: true })
    expect((await store.changeRequests.zone(DEMO.id)).required).toBe(false)
    expect((await call<ZoneApprovalView>('nina', 'GET', `/api/local/change-requests/zones/${DEMO.id}`)).result).toMatchObject({ required: true, mayPropose: true, mayApprove: true, mayWriteDirectly: false })
    expect((await call<ZoneApprovalView>('nina-live', 'GET', `/api/local/change-requests/zones/${DEMO.id}`)).result).toMatchObject({ required: false, mayPropose: false })

    const filed = await call<ChangeRequestView>('nina', 'POST', '/api/local/change-requests', { zoneId: DEMO.id, title: 'Practice: a shop record', items: [{ action: 'create', body: { type: 'A', name: 'practice-shop', content: '192.0.2.40', ttl: 300 } }] })
    expect(filed.status).toBe(200)
    expect(await names('nina')).not.toContain(`practice-shop.${DEMO.name}`)
    expect((await call<{ toApprove: number }>('nina', 'GET', '/api/local/change-requests/summary')).result.toApprove).toBe(1)
    const detail = (await call<ChangeRequestDetail>('nina', 'GET', `/api/local/change-requests/${filed.result.id}`)).result
    expect(detail).toMatchObject({ status: 'pending', zoneId: DEMO.id, mayApprove: true, mayReject: true })

    // Never seen live: not by an editor of the zone, not by an administrator, not by nina's live session.
    for (const who of ['ed', 'adm', 'nina-live']) {
      expect((await call<unknown[]>(who, 'GET', '/api/local/change-requests')).result).toEqual([])
      expect((await call(who, 'GET', `/api/local/change-requests/${filed.result.id}`)).status).toBe(404)
      expect((await call(who, 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(404)
    }

    live.upstream.requests.length = 0 // (nina's live session above asked the live API for the zone's name)
    const approved = await call<ChangeRequestView>('nina', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(approved.status).toBe(200)
    expect(approved.result).toMatchObject({ status: 'applied', requester: { username: 'nina' }, decidedBy: { username: 'nina' } })
    expect(await names('nina')).toContain(`practice-shop.${DEMO.name}`)
    // Nothing reached the live API, and the live zone does not have it.
    expect(live.upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([])
    expect(live.emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ?').pluck().all(DEMO.id)).not.toContain(`practice-shop.${DEMO.name}`)

    // Audited as other practice entries: mode practice, seen in the practice session only.
    // (The live sessions' attempts above are on record as refused, in live mode.)
    const all = (await store.audit.list({ area: 'change-requests' }, 1, 50)).entries.filter((e) => e.resourceId === String(filed.result.id))
    expect(all.filter((e) => e.outcome !== 'success').map((e) => [e.username, e.mode]).sort()).toEqual([['adm', 'live'], ['ed', 'live'], ['nina', 'live']])
    const log = all.filter((e) => e.outcome === 'success')
    expect(log.map((e) => e.action).sort()).toEqual(['apply', 'approve', 'file'])
    expect(log.every((e) => e.mode === 'practice' && e.username === 'nina' && e.hash === null)).toBe(true)
    const liveAudit = (await call<{ mode: string }[]>('nina-live', 'GET', '/api/local/audit?area=change-requests')).result
    expect(liveAudit.some((e) => e.mode === 'practice')).toBe(false)

    // Undo in practice acts on the copy.
    expect((await call<ChangeRequestView>('nina', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, {})).result.status).toBe('undone')
    expect(await names('nina')).not.toContain(`practice-shop.${DEMO.name}`)
  })

  it('keeps live rules: nobody approves their own live request, even the store refuses it', async () => {
    expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${DEMO.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: DEMO.id, title: 'Live', items: [{ action: 'create', body: { type: 'TXT', name: 'live-own', content: '"x"', ttl: 300 } }] })
    expect(filed.status).toBe(200)
    expect((await call('ed', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(403)
    expect(await store.changeRequests.reserve(filed.result.id, { personId: null, username: 'ed', personName: 'Ed' })).toBe(false)
    // A practising session does not see the live request either.
    expect((await call('nina', 'GET', `/api/local/change-requests/${filed.result.id}`)).status).toBe(404)
    // A practising viewer may not change the live setting (their PUT sets their copy's).
    expect((await call('nina-live', 'PUT', `/api/local/change-requests/zones/${DEMO.id}`, { required: false })).status).toBe(403)
  })

  it('forgets the practice requests and settings with a practice reset', async () => {
    const filed = await call<ChangeRequestView>('nina', 'POST', '/api/local/change-requests', { zoneId: DEMO.id, title: 'Before reset', items: [{ action: 'create', body: { type: 'TXT', name: 'gone', content: '"x"', ttl: 300 } }] })
    expect(filed.status).toBe(200)
    expect((await call('nina', 'POST', '/api/local/practice/reset', {})).status).toBe(200)
    expect(await store.changeRequests.get(filed.result.id)).toBeUndefined()
    expect((await call<ZoneApprovalView>('nina', 'GET', `/api/local/change-requests/zones/${DEMO.id}`)).result.required).toBe(false)
    // The live setting stays.
    expect((await store.changeRequests.zone(DEMO.id)).required).toBe(true)
  })
})
