import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore, type BudgetFigure, type Store } from '../store'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { testClock } from '../../testing/live-sandbox'
import { createBudget, MAX_WAIT_S } from './budget'

/**
 * The budget figure as several instances share it: two stores on one database (one SQLite file, or
 * one PostgreSQL database), as two instances of a deployment have.
 */
const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-budget-figure-'))
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => {
  pg?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const backends: { name: string; skip: boolean; open: (now: () => number) => Promise<[Store, Store]> }[] = [
  {
    name: 'SQLite',
    skip: false,
    open: async (now) => {
      const dataDir = join(dir, String(Math.random()))
      const a = createStore({ dataDir, now })
      await a.budget.get() // migrated before the second opens the same file
      return [a, createStore({ dataDir, now })]
    },
  },
  {
    name: 'PostgreSQL',
    skip: Boolean(missing),
    open: async (now) => {
      const databaseUrl = await pg!.createDatabase()
      const a = createStore({ dataDir: dir, databaseUrl, now })
      await a.budget.get()
      return [a, createStore({ dataDir: dir, databaseUrl, now })]
    },
  },
]

const figure = (observedAt: number, remaining: number, blockedUntil = 0): BudgetFigure => ({
  quota: 1200,
  windowSeconds: 300,
  remaining,
  resetAt: observedAt + 200_000,
  observedAt,
  blockedUntil,
})
const answer = (r: number, t: number, more: Record<string, string> = {}) => ({
  ratelimit: `"default";r=${r};t=${t}`,
  'ratelimit-policy': '"default";q=1200;w=300',
  ...more,
})

describe.each(backends)('the shared budget figure on $name', ({ skip, open }) => {
  it.skipIf(skip)('two instances writing out of order: an older figure never overwrites a newer one', async () => {
    const clock = testClock()
    const [a, b] = await open(clock.now)
    try {
      const t = clock.now()
      // Instance A saw the newer figure; B's older one arrives at the store after it.
      await a.budget.put(figure(t + 2000, 100))
      await b.budget.put(figure(t + 1000, 900))
      expect(await a.budget.get()).toMatchObject({ observedAt: t + 2000, remaining: 100 })
      expect(await b.budget.get()).toMatchObject({ observedAt: t + 2000, remaining: 100 })
      // Many writes from both at once, in any order: the newest is what stays.
      const writes = Array.from({ length: 40 }, (_, i) => ({ store: i % 2 ? a : b, f: figure(t + 3000 + ((i * 17) % 40), 1000 - i) }))
      await Promise.all(writes.reverse().map(({ store, f }) => store.budget.put(f)))
      const newest = writes.reduce((m, w) => (w.f.observedAt > m.observedAt ? w.f : m), writes[0].f)
      expect(await b.budget.get()).toMatchObject({ observedAt: newest.observedAt, remaining: newest.remaining })

      // Through the budgets themselves: B's older answer, synced later, does not replace A's newer one.
      const ba = createBudget({ backend: a.budget, now: clock.now })
      const bb = createBudget({ backend: b.budget, now: () => clock.now() - 60_000 })
      clock.advance(10_000)
      ba.observe(200, answer(50, 100))
      await ba.sync()
      bb.observe(200, answer(1100, 250))
      await bb.sync()
      expect(bb.state()?.remaining).toBe(50)
      expect((await a.budget.get())?.remaining).toBe(50)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it.skipIf(skip)("a forged 429 with retry-after: 86400 pauses no longer than the policy's window, also after a restart; a later answer with budget left lifts it everywhere", async () => {
    const clock = testClock()
    const [a, b] = await open(clock.now)
    try {
      const one = createBudget({ backend: a.budget, now: clock.now })
      const two = createBudget({ backend: b.budget, now: clock.now })
      one.observe(429, answer(0, 86400, { 'retry-after': '86400' }))
      expect(one.state()!.blockedForMs).toBeGreaterThan(0)
      expect(one.state()!.blockedForMs).toBeLessThanOrEqual(MAX_WAIT_S * 1000)
      expect(one.state()!.resetInMs).toBeLessThanOrEqual(MAX_WAIT_S * 1000)
      await one.sync()
      await two.sync()
      expect(two.state()!.blockedForMs).toBeGreaterThan(0)
      expect(two.admit('interactive').retryAfter).toBeLessThanOrEqual(MAX_WAIT_S)
      // A restart: a fresh instance reads the pause from the store, clamped as well (also a day-long
      // one an older version wrote there).
      await a.budget.put(figure(clock.now() + 1, 0, clock.now() + 86_400_000))
      const restarted = createBudget({ backend: b.budget, now: clock.now })
      await restarted.sync()
      expect(restarted.state()!.blockedForMs).toBeGreaterThan(0)
      expect(restarted.state()!.blockedForMs).toBeLessThanOrEqual(MAX_WAIT_S * 1000 + 1)
      expect(restarted.admit('interactive').retryAfter).toBeLessThanOrEqual(MAX_WAIT_S + 1)
      // A later answer with budget left: the service serves, the pause is over, for every instance.
      clock.advance(2000)
      two.observe(200, answer(900, 250))
      expect(two.state()!.blockedForMs).toBe(0)
      expect(two.admit('interactive').ok).toBe(true)
      await two.sync()
      await one.sync()
      await restarted.sync()
      expect(one.state()!.blockedForMs).toBe(0)
      expect(one.admit('long', 15).ok).toBe(true)
      expect(restarted.state()!.blockedForMs).toBe(0)
      expect(createBudget({ backend: a.budget, now: clock.now }).admit('interactive').ok).toBe(true)
    } finally {
      await a.close()
      await b.close()
    }
  })
})
