import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { createEmulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type Store } from '../store'
import { mailText, startSmtp, until } from '../../testing/alert-receivers'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { testConfig } from '../../testing/server'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Filing change requests has a per-person limit the store keeps (two instances on one PostgreSQL
 * share it; SQLite, with the reason printed, where PostgreSQL is absent), and approvers hear of
 * requests filed close together in one e-mail, not one each.
 */
const Z = SEED_ZONES.demo
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const LIMIT = 3
const missing = postgresMissing()
if (missing) console.warn(missing)
const emulator = createEmulator({ file: ':memory:', scaleZones: false })
let pg: TestPostgres | undefined
let smtp: Awaited<ReturnType<typeof startSmtp>>
const stores: Store[] = []
const apps: ReturnType<typeof createApp>[] = []
const cookies: Record<string, string> = {}

beforeAll(async () => {
  await emulator.ready
  smtp = await startSmtp()
  if (!missing) pg = await startPostgres()
  const databaseUrl = pg ? await pg.createDatabase() : undefined
  const shared = databaseUrl ? undefined : createStore({ dataDir: ':memory:' })
  for (const instanceId of ['web-a', 'web-b']) {
    const store = shared ?? createStore({ dataDir: ':memory:', databaseUrl })
    stores.push(store)
    apps.push(createApp({ config: testConfig(), emulator, store, watch: { smtpUrl: smtp.url, smtpFrom: 'zk@example.test' }, changeRequests: { instanceId, filingLimit: { max: LIMIT, windowMs: 60_000 }, mailGroupMs: 2000 } }))
  }
  await addPerson(stores[0], 'ed', 'editor', [Z.name])
  const erin = await addPerson(stores[0], 'erin', 'editor', [Z.name])
  await addPerson(stores[0], 'vic', 'editor', [Z.name])
  await addPerson(stores[0], 'adm', 'admin')
  await stores[0].changeRequests.setPerson(erin.person.id, { mayPropose: false, email: 'erin@example.test' })
  for (const u of ['ed', 'erin', 'vic', 'adm']) cookies[u] = await sessionCookie(apps[0], u, `${u}-password-1`)
  const set = await call(0, 'adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })
  expect(set.status).toBe(200)
})
afterAll(async () => {
  await smtp.close()
  for (const s of new Set(stores)) await s.close()
  emulator.close()
  pg?.stop()
})

async function call<T = unknown>(app: number, who: string, method: string, path: string, body?: unknown) {
  const res = await apps[app].request(path, { method, headers: { ...W, cookie: cookies[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors, retryAfter: res.headers.get('retry-after') }
}
const file = (app: number, who: string, name: string) =>
  call<ChangeRequestView>(app, who, 'POST', '/api/local/change-requests', { zoneId: Z.id, title: `Add ${name}`, items: [{ action: 'create', body: { type: 'TXT', name, content: '"x"', ttl: 300 } }] })
const toErin = () => smtp.mails.filter((m) => m.to.includes('erin@example.test'))

describe('filing change requests', () => {
  it(`refuses a person's request past ${LIMIT} a minute on any instance (429, saying why), lets others file, and tells each approver once`, async () => {
    const filed: number[] = []
    for (let i = 0; i < LIMIT; i++) {
      const r = await file(i % 2, 'ed', `limit-${i}`)
      expect(r.status).toBe(200)
      filed.push(r.result.id)
    }
    // The next one, on either instance, is over the limit: nothing filed.
    for (const app of [0, 1]) {
      const over = await file(app, 'ed', `over-${app}`)
      expect(over.status).toBe(429)
      expect(over.errors[0].message).toMatch(/You filed 3 change requests in the last 60 seconds/)
      expect(over.retryAfter).toBe('60')
    }
    expect((await stores[0].changeRequests.list({ zones: '*' })).filter((r) => r.requester.username === 'ed')).toHaveLength(LIMIT)
    // Another person's own limit.
    const vic = await file(1, 'vic', 'vic-own')
    expect(vic.status).toBe(200)

    // erin approves on the zone: one e-mail for the four requests, not four.
    await until(() => toErin().length > 0, 10_000, "erin's e-mail")
    // (Past the other instance's group time too: it finds nothing left to tell.)
    await new Promise((r) => setTimeout(r, 2500))
    expect(toErin()).toHaveLength(1)
    const text = mailText(toErin()[0].raw)
    for (const id of [...filed, vic.result.id]) expect(text).toContain(`#${id} on ${Z.name}`)
  })
})
