import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type Store, type StoreLocation } from '../store'
import { LOOPBACK_RECEIVERS, startSmtp, startWebhookReceiver, until } from '../../testing/alert-receivers'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { storeBackends } from '../../testing/store-backends'
import { testConfig } from '../../testing/server'

const ZONE = SEED_ZONES.demo.id
const { backends } = storeBackends('zk-watch-lease-')

describe.each(backends)('the watch lease on $name', ({ open, skip }) => {
  // The lease itself is the store's (lease.test.ts); this shows the watch uses it: one of two instances, renewed by its holder.
  it.skipIf(skip)('is held by one of two instances, renewed by it, and taken over once it expires', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const takes = await Promise.all(['a', 'b'].map((h) => store.watch.acquireLease('scheduler', h, 1000)))
    expect(takes).toEqual(expect.arrayContaining([true, false]))
    const [a, b] = takes[0] ? ['a', 'b'] : ['b', 'a']
    t += 900
    expect(await store.watch.acquireLease('scheduler', a, 1000)).toBe(true) // renewed until 1000 after now
    t += 900
    expect(await store.watch.acquireLease('scheduler', b, 1000)).toBe(false)
    t += 200
    expect(await store.watch.acquireLease('scheduler', b, 1000)).toBe(true)
    expect((await store.watch.leaseHolder('scheduler'))?.holder).toBe(b)
    await store.watch.releaseLease('scheduler', a) // not its own: nothing changes
    expect(await store.watch.acquireLease('scheduler', a, 1000)).toBe(false)
    await store.close()
  })
})

const missing = postgresMissing()
let pg: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-watch-two-'))
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => {
  pg?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const locations: { name: string; skip: boolean; location: () => Promise<StoreLocation> }[] = [
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: mkdtempSync(join(dir, 'db-')) }) },
  { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: dir, databaseUrl: await pg!.createDatabase() }) },
]

const LEASE_MS = 3000

describe.each(locations)('two instances on one $name store', ({ skip, location }) => {
  it.skipIf(skip)('share the schedule without double alerts, and the other takes over when the holder dies', async () => {
    const where = await location()
    // One sandbox API both instances read (as two instances share the live API), two store connections.
    const emulator = memoryEmulator({ scaleZones: false })
    const smtp = await startSmtp()
    let secret = ''
    const receiver = await startWebhookReceiver({ secret: () => secret })
    // Both stores on one clock the test moves: the dead holder's lease runs out when the test says so
    // (it moves the clock a lease on), not after 3 s of real time.
    let moved = 0
    const now = () => Date.now() + moved
    const stores: Store[] = [createStore({ ...where, now }), createStore({ ...where, now })]
    const apps = stores.map((store, i) =>
      createApp({
        config: testConfig(),
        emulator,
        store,
        watch: { smtpUrl: smtp.url, publicUrl: 'https://dash.test', tickMs: 60, leaseMs: LEASE_MS, startDelayMs: 0, instanceId: `instance-${i}`, webhookAllowedNetworks: LOOPBACK_RECEIVERS },
      }),
    )
    const write = (app: (typeof apps)[number], path: string, body: unknown) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify(body) })
    try {
      const W = `/api/local/zones/${ZONE}/watch`
      expect((await write(apps[0], `${W}/channels`, { kind: 'email', target: 'soc@shop.test' })).status).toBe(201)
      secret = ((await (await write(apps[1], `${W}/channels`, { kind: 'webhook', target: receiver.url })).json()) as { result: { secret: string } }).result.secret
      for (const app of apps) watchOf(app).start()
      const runs = () => stores[0].watch.recentRuns(ZONE, 100)
      await until(async () => (await runs()).some((r) => r.outcome === 'baseline'), 15_000, 'the baseline check')

      await write(apps[0], '/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'malicious-script' })
      await until(() => smtp.mails.length >= 1 && receiver.hooks.length >= 1, 15_000, 'the first alert')
      // Both keep ticking (several leases' worth); nothing is sent twice, and one instance ran every check.
      await new Promise((r) => setTimeout(r, 1000))
      expect(smtp.mails).toHaveLength(1)
      expect(receiver.hooks).toHaveLength(1)
      const before = await runs()
      expect(new Set(before.map((r) => r.holder)).size).toBe(1)
      const holder = before[0].holder
      expect((await stores[0].watch.leaseHolder('scheduler'))?.holder).toBe(holder)

      // The holder dies (stops without giving the lease up); the other takes over after the lease runs out.
      const dead = apps.findIndex((a) => watchOf(a).instanceId === holder)
      await watchOf(apps[dead]).stop({ release: false })
      expect((await stores[0].watch.leaseHolder('scheduler'))?.holder).toBe(holder) // still held: it was not given up
      moved += LEASE_MS
      await write(apps[1 - dead], '/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'new-script' })
      await until(() => smtp.mails.length >= 2 && receiver.hooks.length >= 2, 15_000, 'the alert after the takeover')
      await new Promise((r) => setTimeout(r, 500))
      expect(smtp.mails).toHaveLength(2)
      expect(receiver.hooks).toHaveLength(2)
      expect(receiver.hooks.every((h) => h.valid)).toBe(true)
      const after = (await runs()).filter((r) => !before.some((b) => b.id === r.id))
      expect(after.length).toBeGreaterThan(0)
      expect(after.every((r) => r.holder === `instance-${1 - dead}`)).toBe(true)
      expect((await stores[0].watch.leaseHolder('scheduler'))?.holder).toBe(`instance-${1 - dead}`)
    } finally {
      for (const app of apps) await watchOf(app).stop()
      await Promise.all([smtp.close(), receiver.close()])
      for (const s of stores) await s.close()
      emulator.close()
    }
  }, 60_000)
})
