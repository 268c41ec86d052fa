import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { createEmulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../../testing/fake-upstream'
import { mailText, startSmtp } from '../../testing/alert-receivers'
import { testConfig } from '../../testing/server'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * A pending request is stale only when a record it touches is gone (the API says "not found") or
 * changed. When the API fails to answer the read (here a 503 from a live API on loopback, the
 * emulator behind it), the request stays pending, nobody is e-mailed, and the page says the zone
 * could not be read.
 */
const Z = SEED_ZONES.demo
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const emulator = createEmulator({ file: ':memory:', scaleZones: false })
const store = createStore({ dataDir: ':memory:' })
let upstream: FakeUpstream
let smtp: Awaited<ReturnType<typeof startSmtp>>
let app: ReturnType<typeof createApp>
const cookies: Record<string, string> = {}
/** While set, the API answers reads of single records with this status. */
let failReads: number | null = null

const forward = async (req: RecordedRequest, res: import('node:http').ServerResponse) => {
  if (failReads !== null && req.method === 'GET' && /\/dns_records\/[0-9a-f]{32}$/.test(req.url)) {
    res.writeHead(failReads, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ success: false, errors: [{ code: 10000 + failReads, message: 'Service unavailable' }], messages: [], result: null }))
    return
  }
  const type = req.headers['content-type']
  const answer = await emulator.app.request(req.url.replace(/^\/client\/v4/, ''), { method: req.method, headers: type ? { 'content-type': type } : {}, body: req.body && req.method !== 'GET' ? req.body : undefined })
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
  res.end(Buffer.from(await answer.arrayBuffer()))
}
const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, cookie: cookies[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
const staleMails = () => smtp.mails.filter((m) => /refresh it before it can be approved/.test(mailText(m.raw)))

beforeAll(async () => {
  await emulator.ready
  upstream = await startFakeUpstream((req, res) => void forward(req, res))
  smtp = await startSmtp()
  app = createApp({ config: testConfig({ credential: { kind: 'token', token: 'live-token-for-stale-reads-0123456789' }, apiBaseUrl: upstream.url }), store, watch: { smtpUrl: smtp.url, smtpFrom: 'zk@example.test' } })
  const ed = await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  await store.changeRequests.setPerson(ed.person.id, { mayPropose: false, email: 'ed@example.test' })
  for (const u of ['ed', 'erin', 'adm']) cookies[u] = await sessionCookie(app, u, `${u}-password-1`)
  expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
})
afterAll(async () => {
  await upstream.close()
  await smtp.close()
  await store.close()
  emulator.close()
})

describe('a failed read does not make a request stale', () => {
  it('leaves a pending request pending when the API fails the read, says so, and mails nobody; a deleted record still makes it stale', async () => {
    const made = await call<{ id: string }>('adm', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'TXT', name: 'read-fails', content: '"one"', ttl: 300 })
    expect(made.status).toBe(200)
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Change it', items: [{ action: 'update', recordId: made.result.id, body: { content: '"two"' } }] })
    expect(filed.status).toBe(200)
    const id = filed.result.id

    failReads = 503
    const seen = await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${id}`)
    expect(seen.status).toBe(200)
    expect(seen.result.status).toBe('pending')
    expect(seen.result.impact[0]).toMatchObject({ severity: 'warning', text: expect.stringMatching(/zone could not be read \(the API answered 503\)/) })
    // Approving needs the read too: refused for now, and the request stays as it was.
    const approve = await call('erin', 'POST', `/api/local/change-requests/${id}/approve`)
    expect(approve.status).toBe(503)
    expect((await store.changeRequests.get(id))!.status).toBe('pending')
    await new Promise((r) => setTimeout(r, 300))
    expect(staleMails()).toEqual([])

    // Gone for real (the API says not found): stale, and the requester hears.
    failReads = null
    expect((await call('adm', 'DELETE', `/api/v4/zones/${Z.id}/dns_records/${made.result.id}`)).status).toBe(200)
    const gone = await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${id}`)
    expect(gone.result.status).toBe('stale')
    expect(gone.result.problems?.[0].message).toMatch(/no longer exists/)
    for (let t = 0; t < 100 && !staleMails().length; t++) await new Promise((r) => setTimeout(r, 50))
    expect(staleMails().map((m) => m.to)).toEqual([['ed@example.test']])
  })
})
