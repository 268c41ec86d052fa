import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '../emulator/seed-ids'
import { addPerson } from '../../testing/server/auth'
import { liveSandbox, type LiveInstance } from '../../testing/live-sandbox'

/**
 * A write command's send step admits a live write by the rate budget's rule, as the budget's gate
 * admits the door's: a change request's apply and an undo send their writes from within a dashboard
 * request, which the gate does not admit. Against the rate-limited sandbox (a real live instance,
 * nothing mocked): with the budget spent, their DNS batches are not sent, and say why.
 */
const Z = SEED_ZONES.demo
// A window long enough that no refusal in this file is waited out.
const kit = liveSandbox({ rateLimit: { quota: 100, windowSeconds: 120 } })
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }

let live: LiveInstance
const cookies: Record<string, string> = {}

beforeAll(async () => {
  live = await kit.startLive({ cacheMs: 0 })
  await addPerson(live.store, 'adm', 'admin')
  await addPerson(live.store, 'ed', 'editor', [Z.name])
  await addPerson(live.store, 'erin', 'editor', [Z.name])
  for (const u of ['adm', 'ed', 'erin']) {
    const res = await fetch(`${live.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: u, password: `${u}-password-1`, next: '/' }),
    })
    cookies[u] = res.headers.get('set-cookie')!.split(';')[0]
  }
})
afterAll(() => live?.close())

const call = async (who: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${live.url}${path}`, { method, headers: { ...W, cookie: cookies[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as { success: boolean; result: Record<string, unknown> & { id: number }; errors: { code: number; message: string }[] } }
}
/** DNS batches that reached the service (the sandbox's /client/v4 door). */
const batchesSent = () => kit.lines.filter((l) => l.includes('/client/v4/') && /dns_records\/batch/.test(l)).length
const contentAtService = (id: string) =>
  (kit.emulator.db.prepare('SELECT content FROM dns_records WHERE id = ?').get(id) as { content: string } | undefined)?.content

describe("the rate budget admits an apply's and an undo's writes as it admits the door's", () => {
  it('with the budget spent, approving a change request sends nothing and fails with the budget\'s reason; so does undoing one', async () => {
    expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
    const records = (await call('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?type=A&per_page=5`)).json.result as unknown as { id: string; content: string }[]
    const [first, second] = records
    const file = async (r: { id: string }, content: string) =>
      (await call('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: `To ${content}`, reason: 'testing', items: [{ action: 'update', recordId: r.id, body: { content } }] })).json.result.id

    // With budget to spare, an apply goes out as before.
    const applied = await file(first, '192.0.2.71')
    const ok = await call('erin', 'POST', `/api/local/change-requests/${applied}/approve`, {})
    expect(ok.json.result, JSON.stringify(ok.json)).toMatchObject({ status: 'applied' })
    expect(contentAtService(first.id)).toBe('192.0.2.71')

    const refusedOne = await file(second, '192.0.2.72')
    // Another client of the credential spends it: 20 left, below the tenth long work may not spend
    // plus the 15 calls one batch may make. The instance learns the figure from its next answer.
    await kit.spendDownTo(live.token, 20)
    expect((await call('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=1`)).status).toBe(200)
    const before = batchesSent()

    const approved = await call('erin', 'POST', `/api/local/change-requests/${refusedOne}/approve`, {})
    expect(approved.status).toBe(200)
    expect(approved.json.result).toMatchObject({ status: 'failed' })
    // The budget's own message, as the door answers a DNS batch (code 10430, its retry-after).
    expect(JSON.stringify(approved.json.result.problems)).toMatch(/Waiting for the API's rate limit: .*Long work resumes in \d+ s\./)
    expect(batchesSent()).toBe(before)
    expect(contentAtService(second.id)).toBe(second.content)

    // The undo of the applied one: its reversing batch is held to the same rule.
    const undone = await call('erin', 'POST', `/api/local/change-requests/${applied}/undo`, {})
    expect(undone.status, JSON.stringify(undone.json)).toBe(429)
    expect(undone.json.errors[0]).toMatchObject({ code: 10430 })
    expect(undone.json.errors[0].message).toMatch(/^Waiting for the API's rate limit: /)
    expect(batchesSent()).toBe(before)
    expect(contentAtService(first.id)).toBe('192.0.2.71')
    expect((await call('erin', 'GET', `/api/local/change-requests/${applied}`)).json.result).toMatchObject({ status: 'applied' })

    // The service itself never refused anyone: the budget did, before sending.
    expect(kit.serviceRefusals()).toEqual([])
  })
})
