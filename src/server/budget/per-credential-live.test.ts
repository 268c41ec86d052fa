import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import { createStore, type Store } from '../store'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import { startFakeUpstream, type FakeHandler, type FakeUpstream } from '../../testing/fake-upstream'
import { rawRequest } from '../../testing/http'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { startApp, testConfig } from '../../testing/server'

/**
 * Each credential its own rate budget: the service counts 1,200 / 5 min per credential, so a stored
 * credential's 429s pause that credential alone, on every instance sharing the store.
 */
const ENV_TOKEN = 'env-token-0123456789abcdefghijklmnopqrstuvw'
const B_TOKEN = 'cfat_storedTokenForAccountB000000000000001'
const A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
const endpoints: Endpoint[] = [
  { method: 'GET', path: '/zones' },
  { method: 'GET', path: '/accounts' },
]

/** The environment's token has plenty left; B's token is refused for its window (r=0, retry-after 60). */
const service: FakeHandler = (req, res) => {
  const auth = req.headers.authorization ?? ''
  const isB = auth === `Bearer ${B_TOKEN}`
  res.setHeader('content-type', 'application/json')
  res.setHeader('ratelimit-policy', '"burst";q=1200;w=300')
  if (req.url.startsWith('/client/v4/accounts')) {
    res.setHeader('ratelimit', '"default";r=1100;t=200')
    res.end(JSON.stringify({ result: isB ? [{ id: B, name: 'Account B' }] : [{ id: A, name: 'Account A' }], success: true, errors: [], messages: [] }))
    return
  }
  if (isB) {
    res.statusCode = 429
    res.setHeader('ratelimit', '"default";r=0;t=60')
    res.setHeader('retry-after', '60')
    res.end(JSON.stringify({ result: null, success: false, errors: [{ code: 10000, message: 'Rate limited' }], messages: [] }))
    return
  }
  res.setHeader('ratelimit', '"default";r=1100;t=200')
  res.end(JSON.stringify({ result: [], success: true, errors: [], messages: [], result_info: { page: 1, per_page: 20, count: 0, total_count: 0 } }))
}

interface Panel {
  budget: { remaining: number; blockedForSeconds: number } | null
  credentials: { id: string; name: string; budget: { remaining: number; blockedForSeconds: number } | null }[]
}
const panelOf = async (server: RunningServer) => (JSON.parse((await rawRequest(server.url, { path: '/api/local/budget' })).body) as { result: Panel }).result
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('timed out waiting')
}

const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-budget-cred-'))
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => pg?.stop())

describe.each([
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: mkdtempSync(join(dir, 'db-')) }) },
  { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: dir, databaseUrl: await pg!.createDatabase() }) },
])('a rate budget per credential, shared by two instances ($name)', ({ skip, location }) => {
  let upstream: FakeUpstream
  let one: RunningServer
  let two: RunningServer
  let stores: Store[]
  let storedId: string

  beforeAll(async () => {
    if (skip) return
    upstream = await startFakeUpstream(service)
    const key = randomBytes(32)
    const where = await location()
    stores = [createStore({ ...where, credentialsKey: key }), createStore({ ...where, credentialsKey: key })]
    const config = testConfig({ credential: { kind: 'token', token: ENV_TOKEN }, apiBaseUrl: upstream.url, upstreamTimeoutMs: 2000, credentialsKey: key })
    one = await startApp({ config, endpoints, store: stores[0], budget: { syncMs: 100, cacheTtlMs: 0 } })
    two = await startApp({ config, endpoints, store: stores[1], budget: { syncMs: 100, cacheTtlMs: 0 } })
    const added = await stores[0].credentials.add({
      label: 'Client B token',
      credential: { kind: 'token', token: B_TOKEN },
      check: { accounts: [{ id: B, name: 'Account B' }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    storedId = added.id
  })
  afterAll(async () => {
    if (skip) return
    await Promise.all([one.close(), two.close()])
    await Promise.all(stores.map((s) => s.close()))
    await upstream.close()
  })
  const zonesCalls = (token: string) => upstream.requests.filter((r) => r.url.startsWith('/client/v4/zones') && r.headers.authorization === `Bearer ${token}`).length

  it.skipIf(skip)("429s through one credential neither slow nor refuse the other's requests, on either instance", async () => {
    // Through B: the service refuses (r=0) and the door says so clearly, never a bare 429.
    const refused = await rawRequest(one.url, { path: '/api/v4/zones?name=b.example', headers: { [ACCOUNT_HEADER]: B } })
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toMatchObject({ errors: [{ code: 10430 }] })
    expect(zonesCalls(B_TOKEN)).toBe(1)
    // B's next request is refused by its own budget before anything is sent.
    const again = await rawRequest(one.url, { path: '/api/v4/zones?name=b2.example', headers: { [ACCOUNT_HEADER]: B } })
    expect(again.status).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(30)
    expect(zonesCalls(B_TOKEN)).toBe(1)
    // The environment's credential goes on at once, unpaused.
    const started = Date.now()
    for (let i = 0; i < 3; i++) expect((await rawRequest(one.url, { path: `/api/v4/zones?page=${i + 1}` })).status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1500)
    expect(zonesCalls(ENV_TOKEN)).toBe(3)

    // The other instance has sent nothing through B: it knows B's refusal from the store, and only B's.
    await until(async () => ((await panelOf(two)).credentials.find((c) => c.id === storedId)?.budget?.blockedForSeconds ?? 0) > 30)
    const fromTwo = await rawRequest(two.url, { path: '/api/v4/zones?name=b3.example', headers: { [ACCOUNT_HEADER]: B } })
    expect(fromTwo.status).toBe(429)
    expect(zonesCalls(B_TOKEN)).toBe(1)
    expect((await rawRequest(two.url, { path: '/api/v4/zones?page=9' })).status).toBe(200)
    expect(zonesCalls(ENV_TOKEN)).toBe(4)
  })

  it.skipIf(skip)("lists every credential's own figure by its name, never its secret", async () => {
    const res = await rawRequest(two.url, { path: '/api/local/budget' })
    expect(res.body).not.toContain(B_TOKEN)
    expect(res.body).not.toContain(ENV_TOKEN)
    const panel = (JSON.parse(res.body) as { result: Panel }).result
    expect(panel.credentials.map((c) => c.name)).toEqual(['From the environment', 'Client B token'])
    const [env, b] = panel.credentials
    expect(env.budget).toMatchObject({ remaining: expect.any(Number) as number, blockedForSeconds: 0 })
    expect(env.budget!.remaining).toBeGreaterThan(1000)
    expect(b.budget).toMatchObject({ remaining: 0 })
    expect(b.budget!.blockedForSeconds).toBeGreaterThan(30)
    // The top-level figure stays the environment credential's.
    expect(panel.budget).toMatchObject({ blockedForSeconds: 0 })
  })
})

describe('the figure kept before budgets were per credential', () => {
  it("is the environment credential's (same store key, no migration)", async () => {
    const upstream = await startFakeUpstream(service)
    const store = createStore({ dataDir: mkdtempSync(join(dir, 'old-')) })
    // What the one-budget version wrote: its one row, under its default key.
    const t = Date.now()
    await store.budget.put({ quota: 1200, windowSeconds: 300, remaining: 777, resetAt: t + 100_000, observedAt: t, blockedUntil: 0 })
    const server = await startApp({
      config: testConfig({ credential: { kind: 'token', token: ENV_TOKEN }, apiBaseUrl: upstream.url, upstreamTimeoutMs: 2000 }),
      endpoints,
      store,
      budget: { syncMs: 100 },
    })
    try {
      await until(async () => (await panelOf(server)).credentials[0].budget?.remaining === 777)
      expect((await panelOf(server)).credentials).toEqual([expect.objectContaining({ name: 'From the environment' })])
    } finally {
      await server.close()
      await store.close()
      await upstream.close()
    }
  })
})
