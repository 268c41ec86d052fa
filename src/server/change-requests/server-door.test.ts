import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import { MAX_CHANGE_ITEMS, type ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Rules the screen also keeps (it hides the button, the draft counts), held by the server for an API
 * client that never sees the screen: a requester does not reject their own request, and a request
 * holds at most MAX_CHANGE_ITEMS changes.
 */
const Z = SEED_ZONES.demo
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}
let edId = ''

beforeAll(async () => {
  edId = (await addPerson(store, 'ed', 'editor', [Z.name])).person.id
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'adm']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  await app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: { ...W, ...as.adm }, body: JSON.stringify({ required: true, approverMode: 'editors' }) })
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string; source?: { pointer: string } }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
const creates = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ action: 'create', body: { type: 'TXT', name: `${prefix}-${i}`, content: '"x"', ttl: 300 } }))
const file = (who: string, title: string, items: unknown[]) => call<ChangeRequestView>(who, 'POST', '/api/local/change-requests', { zoneId: Z.id, title, items })
const statusOf = async (id: number) => (await store.changeRequests.get(id))!.status

describe('change-request rules at the server door', () => {
  it("refuses a requester's reject of their own live request, through the API and in the store; another approver rejects it", async () => {
    const filed = await file('ed', 'Mine', creates(1, 'own-reject'))
    expect(filed.status).toBe(200)
    const own = await call('ed', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: 'changed my mind' })
    expect(own.status).toBe(403)
    expect(await statusOf(filed.result.id)).toBe('pending')
    // The store's move itself refuses it, whichever door asks.
    expect(await store.changeRequests.reject(filed.result.id, { personId: edId, username: 'ed', personName: 'Ed' }, 'mine')).toBe(false)
    expect(await statusOf(filed.result.id)).toBe('pending')
    const other = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: 'not now' })
    expect(other.status).toBe(200)
    expect(other.result).toMatchObject({ status: 'rejected', comment: 'not now', decidedBy: { username: 'erin' } })
  })

  it(`refuses a request of ${MAX_CHANGE_ITEMS + 1} changes from an API client, and files one of ${MAX_CHANGE_ITEMS}`, async () => {
    const before = (await store.changeRequests.list({ zones: '*' })).length
    const big = await file('ed', 'Too big', creates(MAX_CHANGE_ITEMS + 1, 'big'))
    expect(big.status).toBe(400)
    expect(big.errors[0]).toMatchObject({ message: `A request holds at most ${MAX_CHANGE_ITEMS} changes.`, source: { pointer: '/items' } })
    expect((await store.changeRequests.list({ zones: '*' })).length).toBe(before)
    const full = await file('ed', 'Just fits', creates(MAX_CHANGE_ITEMS, 'fits'))
    expect(full.status).toBe(200)
    expect(full.result.items).toHaveLength(MAX_CHANGE_ITEMS)
  })
})
