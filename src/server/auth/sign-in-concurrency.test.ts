import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createStore, type Store } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { storeBackends } from '../../testing/store-backends'
import { addPerson, login } from '../../testing/server/auth'

/** Statuses of `n` wrong guesses sent at once; each 401 is one password check that ran. */
async function burst(apps: Hono[], n: number, address: (i: number) => string, username: (i: number) => string = () => 'owner') {
  const res = await Promise.all(Array.from({ length: n }, (_, i) => login(apps[i % apps.length], username(i), `wrong-${i}`, address(i))))
  const statuses = res.map((r) => r.status)
  return { checked: statuses.filter((s) => s === 401).length, throttled: statuses.filter((s) => s === 429).length, res }
}

const { backends } = storeBackends('zk-signin-burst-')

describe.each(backends)('30 wrong guesses at once on $name', ({ skip, open }) => {
  let store: Store
  let app: Hono
  let pw = ''
  beforeAll(async () => {
    if (skip) return
    store = await open()
    app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
    // The production hash cost: the in-flight limit below is about checks that take their time.
    pw = (await addPerson(store, 'owner', 'admin', '*', undefined, 'production')).password
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('from one address: no more password checks than the 5 free attempts, the rest 429', async () => {
    const { checked, throttled, res } = await burst([app], 30, () => '203.0.113.30')
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(5)
    expect(checked + throttled).toBe(30)
    expect(res.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    // What the store counted is what was checked.
    expect((await store.throttle.get(['pair:owner|203.0.113.30'])).get('pair:owner|203.0.113.30')?.failures).toBe(checked)
  })

  it.skipIf(skip)('from one address at 15 accounts (2 each, within every per-account limit): exactly its 20 free checks', async () => {
    const { checked, throttled } = await burst([app], 30, () => '203.0.113.32', (i) => `acct${i % 15}`)
    expect(checked).toBe(20)
    expect(throttled).toBe(10)
  })

  it.skipIf(skip)('from 30 addresses: at most 2 checks in flight for the account; the owner still gets in afterwards', async () => {
    const { checked, throttled, res } = await burst([app], 30, (i) => `198.51.100.${i + 1}`)
    expect(checked + throttled).toBe(30)
    // Without the limit all 30 hashes would run at once (each from an address with free attempts).
    expect(checked).toBeLessThan(30)
    const busy = await Promise.all(res.filter((r) => r.status === 429).map((r) => r.text()))
    expect(busy.some((t) => t.includes('being checked right now'))).toBe(true)
    expect((await login(app, 'owner', pw, '192.0.2.77')).status).toBe(303)
  })
})

describe('30 wrong guesses at once on two instances sharing PostgreSQL', () => {
  const missing = postgresMissing()
  let pg: TestPostgres | undefined
  const stores: Store[] = []
  const apps: Hono[] = []
  beforeAll(async () => {
    if (missing) return
    pg = await startPostgres()
    const url = await pg.createDatabase()
    for (let i = 0; i < 2; i++) {
      const store = createStore({ dataDir: ':memory:', databaseUrl: url })
      stores.push(store)
      apps.push(createApp({ config: testConfig(), emulator: fakeEmulator(), store }))
    }
    await addPerson(stores[0], 'owner', 'admin')
  })
  afterAll(async () => {
    for (const s of stores) await s.close()
    pg?.stop()
  })

  it.skipIf(Boolean(missing))('check no more passwords together than one instance would', async () => {
    const { checked, throttled } = await burst(apps, 30, () => '203.0.113.31')
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(5)
    expect(checked + throttled).toBe(30)
  })

  it.skipIf(Boolean(missing))('from one address at 15 accounts: exactly 20 checks in all, not 20 per instance', async () => {
    const { checked, throttled } = await burst(apps, 30, () => '203.0.113.33', (i) => `acct${i % 15}`)
    expect(checked).toBe(20)
    expect(throttled).toBe(10)
  })
})
