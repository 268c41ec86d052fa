import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type Store } from '../store'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { liveSandbox, testClock, type LiveInstance } from '../../testing/live-sandbox'

/**
 * Each person's share of the API's window, against the rate-limited sandbox: a viewer reading page
 * after page may spend half the quota (the default share), not the whole team's; administrators keep
 * a reserve nobody else may spend. Counted in the store, so two instances' counts add up. The
 * window passes on a test clock (the budget's), not in real time.
 */
const QUOTA = 60
// The sandbox's own window: longer than the test, so its figure only goes down.
const WINDOW = 300
const DEMO = SEED_ZONES.demo

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })

const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => pg?.stop())

const signIn = async (server: LiveInstance, username: string) => {
  const res = await kit.realFetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: `${username}-password-1`, next: '/' }),
  })
  return res.headers.get('set-cookie')!.split(';')[0]
}

let page = 0
/** A page read nothing keeps (a page of records not asked for before). */
const read = async (server: LiveInstance, cookie: string) => {
  const res = await kit.realFetch(`${server.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=${++page}`, { headers: { cookie } })
  const body = (await res.json()) as { errors: { code: number; message: string }[] }
  return { status: res.status, body, retryAfter: Number(res.headers.get('retry-after')) }
}

interface Shares {
  percent: number
  limit: number
  windowSeconds: number
  people: { name: string; calls: number }[]
}
const sharesOf = async (server: LiveInstance, cookie: string) =>
  ((await (await kit.realFetch(`${server.url}/api/local/budget`, { headers: { cookie } })).json()) as { result: { shares?: Shares } }).result.shares

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('timed out waiting')
}

describe.each([
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: kit.tempDir('zk-share-') }) },
  { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: kit.tempDir('zk-share-'), databaseUrl: await pg!.createDatabase() }) },
])('one person’s share of the window, two instances on one store ($name)', ({ skip, location }) => {
  it.skipIf(skip)('a viewer’s reads on both instances add up to half the quota; the administrator reads on; the share frees up as the window moves', async () => {
    const where = await location()
    const token = kit.newToken()
    const clock = testClock()
    const [storeA, storeB] = [createStore(where), createStore(where)]
    const running: LiveInstance[] = []
    try {
      await addPerson(storeA, 'vic', 'viewer')
      await addPerson(storeA, 'ada', 'admin')
      const budget = { syncMs: 100, usageFlushMs: 200, now: clock.now }
      const [a, b] = [await kit.startLive({ store: storeA, token, budget }), await kit.startLive({ store: storeB, token, budget })]
      running.push(a, b)
      const vic = await signIn(a, 'vic')
      const ada = await signIn(a, 'ada')

      for (let i = 0; i < 20; i++) expect((await read(a, vic)).status).toBe(200)
      // B learns vic's 20 calls from the store.
      await until(async () => (await sharesOf(b, ada))?.people.find((p) => p.name === 'vic')?.calls === 20)

      const statuses: number[] = []
      let refused: Awaited<ReturnType<typeof read>> | undefined
      for (let i = 0; i < 15 && !refused; i++) {
        const r = await read(b, vic)
        statuses.push(r.status)
        if (r.status === 429) refused = r
      }
      // Half of 60: 20 on A, 10 on B.
      expect(statuses.filter((s) => s === 200)).toHaveLength(10)
      expect(refused?.body.errors[0].code).toBe(10430)
      const message = refused!.body.errors[0].message
      expect(message).toMatch(/^Your share of the team's API budget is spent: one person may make 30 of the 60 requests the service allows per 5 minutes \(50 %\), and vic has made 30\. It frees up in \d+ s\.$/)
      const freesIn = Number(/frees up in (\d+) s/.exec(message)![1])
      expect(refused!.retryAfter).toBe(freesIn)
      expect(freesIn).toBeGreaterThan(WINDOW - 60)
      expect(freesIn).toBeLessThanOrEqual(WINDOW + WINDOW / 10)

      // The administrator is not held up by the viewer, on either instance.
      expect((await read(a, ada)).status).toBe(200)
      expect((await read(b, ada)).status).toBe(200)
      // A counts B's calls once it has read them from the store (each sync).
      await until(async () => (await sharesOf(a, ada))?.people.find((p) => p.name === 'vic')?.calls === 30)
      expect((await read(a, vic)).status).toBe(429)

      // The panel: who spent how much of this window, and the limit per person.
      await until(async () => (await sharesOf(a, ada))?.people.find((p) => p.name === 'ada')?.calls === 2)
      expect(await sharesOf(a, ada)).toEqual({
        percent: 50,
        limit: 30,
        windowSeconds: WINDOW,
        people: [
          { name: 'vic', calls: 30 },
          { name: 'ada', calls: 2 },
        ],
      })

      // Once the window has moved on past vic's calls, vic reads again.
      clock.advance(freesIn * 1000)
      expect((await read(b, vic)).status).toBe(200)
      expect(kit.serviceRefusals()).toEqual([])
    } finally {
      await Promise.all(running.map((s) => s.close()))
      await Promise.all([storeA.close(), storeB.close()])
    }
  })
})

describe('the administrators’ reserve', () => {
  let store: Store
  beforeAll(async () => {
    store = createStore({ dataDir: ':memory:' })
    await addPerson(store, 'vic', 'viewer')
    await addPerson(store, 'ada', 'admin')
  })
  afterAll(() => store.close())

  it('keeps the last few requests of the window for administrators’ reads', async () => {
    const token = kit.newToken()
    const live = await kit.startLive({ store, token, budget: { syncMs: 100, now: testClock().now } })
    const [vic, ada] = [await signIn(live, 'vic'), await signIn(live, 'ada')]
    await kit.spendDownTo(token, 4)
    // The instance learns the figure (3 left) from an answer.
    expect((await read(live, ada)).status).toBe(200)
    // Of 60, the last 3 are kept for administrators (and the last 1 for nobody).
    const refused = await read(live, vic)
    expect(refused.status).toBe(429)
    expect(refused.body.errors[0]).toMatchObject({ code: 10430 })
    expect(refused.body.errors[0].message).toMatch(/few are left \(the last 3 are kept for administrators\)\. Try again in \d+ s\.$/)
    expect((await read(live, ada)).status).toBe(200)
    expect((await read(live, ada)).status).toBe(200)
    expect((await read(live, vic)).status).toBe(429)
    expect(kit.serviceRefusals()).toEqual([])
    await live.close()
  })
})
