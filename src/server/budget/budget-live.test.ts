import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'
import { createStore, type Store } from '../store'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { liveSandbox } from '../../testing/live-sandbox'

/**
 * One rate budget for the deployment, against the rate-limited sandbox: a sandbox server with
 * SANDBOX_RATE_LIMIT, and live instances (API_TOKEN, API_BASE_URL at the sandbox's /client/v4)
 * sharing one store. The sandbox counts per token: each group of instances has a token of its own,
 * so each starts with a full window (no test waits the last one out).
 */
const QUOTA = 100
const WINDOW = 8
const DEMO = SEED_ZONES.demo

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })
const upstreamLines = kit.lines
const upstreamCalls = kit.serviceCalls
const tempDir = () => kit.tempDir('zk-budget-')

/** A live instance on `store` with `token`, pointing at the sandbox. */
const liveInstance = (store: Store, token: string, cacheMs = 15_000) =>
  kit.startLive({ store, token, cacheMs, budget: { syncMs: 100, usageFlushMs: 200 } })

const budgetOf = async (server: RunningServer) =>
  ((await (await fetch(`${server.url}/api/local/budget`)).json()) as { result: BudgetPanel }).result
interface BudgetPanel {
  budget: { quota: number; windowSeconds: number; remaining: number; resetInSeconds: number; blockedForSeconds: number } | null
  byArea: { name: string; total: number }[]
  byPerson: { name: string; total: number }[]
  cache: { hits: number; coalesced: number; entries: { path: string }[] }
}
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
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => pg?.stop())

describe.each([
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: tempDir() }) },
  { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: tempDir(), databaseUrl: await pg!.createDatabase() }) },
])('one budget for two instances on one store ($name)', ({ skip, location }) => {
  it.skipIf(skip)('every instance sees the figure the other read off the service, and the calls of both', async () => {
    const where = await location()
    const token = kit.newToken()
    const [storeA, storeB] = [createStore(where), createStore(where)]
    const [a, b] = [await liveInstance(storeA, token), await liveInstance(storeB, token)]
    try {
      for (let i = 0; i < 10; i++) expect((await fetch(`${a.url}/api/v4/zones/${DEMO.id}/dns_records?page=${i + 1}`)).status).toBe(200)
      // B has made no call of its own: it knows the figure from the store.
      await until(async () => (await budgetOf(b)).budget?.remaining === QUOTA - 10)
      const seenByB = (await budgetOf(b)).budget!
      expect(seenByB).toMatchObject({ quota: QUOTA, windowSeconds: WINDOW, remaining: QUOTA - 10 })
      for (let i = 0; i < 5; i++) await (await fetch(`${b.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=${i + 1}`)).arrayBuffer()
      await until(async () => (await budgetOf(a)).budget?.remaining === QUOTA - 15)
      // The calls per minute by area add up both instances' calls.
      await until(async () => (await budgetOf(a)).byArea.find((x) => x.name === 'dns')?.total === 15)
      expect((await budgetOf(b)).byPerson).toEqual([expect.objectContaining({ name: 'local', total: 15 })])
    } finally {
      await Promise.all([a.close(), b.close()])
      await Promise.all([storeA.close(), storeB.close()])
    }
  })
})

describe('reads shared on one instance', () => {
  let store: Store
  let live: RunningServer
  beforeAll(async () => {
    store = createStore({ dataDir: tempDir() })
    live = await liveInstance(store, kit.newToken())
  })
  afterAll(async () => {
    await live.close()
    await store.close()
  })

  it('sends a read that many ask for at the same moment once', async () => {
    await (await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).arrayBuffer() // warmed up
    const before = upstreamCalls()
    // The sandbox is busy for a moment (a large batch holds its door), as a slow API would be.
    const busy = kit.emulator.ctx.exclusive!.run(() => new Promise((r) => setTimeout(r, 1000)))
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=20&type=A`)),
    )
    const bodies = await Promise.all(answers.map((r) => r.json()))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1)
    expect(upstreamCalls() - before).toBe(1)
    expect((await budgetOf(live)).cache.coalesced).toBe(11)
    await busy
  })

  it('keeps the zone list briefly for everyone', async () => {
    const before = upstreamCalls()
    for (let i = 0; i < 5; i++) expect((await (await fetch(`${live.url}/api/v4/zones?per_page=50`)).json()).result_info.total_count).toBe(3)
    expect(upstreamCalls() - before).toBe(1)
    expect((await budgetOf(live)).cache.entries.map((e) => e.path)).toContain('/zones?per_page=50')
  })

  it('does not keep a 404', async () => {
    const id = 'f'.repeat(32)
    const before = upstreamCalls()
    expect((await fetch(`${live.url}/api/v4/zones/${id}`)).status).toBe(404)
    expect((await fetch(`${live.url}/api/v4/zones/${id}`)).status).toBe(404)
    expect(upstreamCalls() - before).toBe(2)
  })
})

describe('a person with a list of zones on a large account', () => {
  let store: Store
  let live: RunningServer
  let cookie = ''
  beforeAll(async () => {
    const { seedLargeAccount, largeAccountZoneName } = await import('../emulator/zones/seed')
    seedLargeAccount(kit.emulator.ctx)
    store = createStore({ dataDir: tempDir() })
    live = await liveInstance(store, kit.newToken())
    const { addPerson } = await import('../../testing/server/auth')
    await addPerson(store, 'sam', 'viewer', ['example.com', largeAccountZoneName(7), largeAccountZoneName(19_999)])
    const res = await fetch(`${live.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'sam', password: 'sam-password-1', next: '/' }),
    })
    cookie = res.headers.get('set-cookie')!.split(';')[0]
  })
  afterAll(async () => {
    await live.close()
    await store.close()
    kit.emulator.db.prepare("DELETE FROM zones WHERE name LIKE 'team-%.example.net'").run()
  })

  it('costs one call per zone in scope, not one per 50 zones of the account', async () => {
    const before = upstreamCalls()
    const res = await fetch(`${live.url}/api/v4/zones?per_page=20&order=name&direction=desc`, { headers: { cookie } })
    const body = (await res.json()) as { result: { name: string }[]; result_info: { total_count: number } }
    expect(res.status).toBe(200)
    expect(body.result.map((z) => z.name)).toEqual(['team-19999.example.net', 'team-00007.example.net', 'example.com'])
    expect(body.result_info.total_count).toBe(3)
    expect(upstreamCalls() - before).toBeLessThanOrEqual(3)
    // Loaded again (another tab, another person with the same zones): nothing upstream.
    const again = upstreamCalls()
    expect((await fetch(`${live.url}/api/v4/zones?name=contains:team`, { headers: { cookie } })).status).toBe(200)
    expect(upstreamCalls() - again).toBe(0)
  })
})

describe('the budget runs low', () => {
  let store: Store
  let live: RunningServer
  const token = kit.newToken()
  beforeAll(async () => {
    store = createStore({ dataDir: tempDir() })
    live = await liveInstance(store, token, 0)
  })
  afterAll(async () => {
    await live.close()
    await store.close()
  })

  it('a page read keeps the reserve that long work may not spend; past the floor it gets a clear message, never the service 429', async () => {
    await kit.spendDownTo(token, 14)
    // The instance learns the figure from its own next answer: a page read is still let through.
    expect((await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)
    // Long work (a DNS batch) is not: 13 left, 10 kept for page reads.
    const batch = await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' },
      body: JSON.stringify({ deletes: [{ id: 'a'.repeat(32) }] }),
    })
    expect(batch.status).toBe(429)
    const refused = (await batch.json()) as { errors: { code: number; message: string }[] }
    expect(refused.errors[0].code).toBe(10430)
    expect(refused.errors[0].message).toMatch(/^Waiting for the API's rate limit: .* resumes in \d+ s\.$/)
    expect(Number(batch.headers.get('retry-after'))).toBeGreaterThan(0)
    // Page reads go on down to the floor (2 of 100), then are told plainly (after a short wait at most).
    const statuses: number[] = []
    let last: { errors: { code: number; message: string }[] } | undefined
    for (let i = 0; i < 14; i++) {
      const res = await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=${i + 2}`)
      statuses.push(res.status)
      if (res.status === 429) last = await res.json()
      else await res.arrayBuffer()
      if (res.status === 429) break
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10)
    expect(last?.errors[0]).toMatchObject({ code: 10430 })
    expect(last?.errors[0].message).toMatch(/rate limit .* Try again in \d+ s\./)
    // The service itself never refused anyone.
    expect(upstreamLines.some((l) => / 429 /.test(l) && l.includes('/client/v4/'))).toBe(false)
  })
})

export { DEMO_ACCOUNT }
