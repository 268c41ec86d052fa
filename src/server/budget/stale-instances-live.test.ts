import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'
import { createStore, type Store } from '../store'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { startApp, testConfig } from '../../testing/server'

/**
 * Stale-while-revalidate across instances: two live instances on one PostgreSQL, pointed at the
 * rate-limited sandbox, each keeping the zone list. With the budget low and the list past its time,
 * people read it on both at the same moment: all are answered stale at once, and the deployment
 * sends exactly one refresh (the store leases it to one instance), not one per instance.
 */
const TOKEN = 'live-token-for-stale-instances-0123456789'
const QUOTA = 100
const WINDOW = 60
const TTL_MS = 400
const DEMO = SEED_ZONES.demo
const LIST = '/zones?per_page=50&order=name'

const missing = postgresMissing()
if (missing) console.warn(missing)

let emulator: Emulator
let sandbox: RunningServer
let pgServer: TestPostgres | undefined
const instances: { app: RunningServer; store: Store }[] = []
let dir = ''
const upstreamLines: string[] = []
const listCalls = () => upstreamLines.filter((l) => l.startsWith('GET /client/v4/zones?per_page=…&order=… ')).length

beforeAll(async () => {
  if (missing) return
  emulator = memoryEmulator({ scaleZones: false })
  sandbox = await startApp({
    config: testConfig({ sandboxRateLimit: { quota: QUOTA, windowSeconds: WINDOW } }),
    emulator,
    log: (line) => upstreamLines.push(line),
  })
  pgServer = await startPostgres()
  const databaseUrl = await pgServer.createDatabase()
  dir = mkdtempSync(join(tmpdir(), 'zk-stale-instances-'))
  for (const name of ['a', 'b']) {
    const store = createStore({ dataDir: join(dir, name), databaseUrl })
    await store.open()
    const app = await startApp({
      config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: `${sandbox.url}/client/v4`, apiCacheMs: TTL_MS, dataDir: join(dir, name) }),
      store,
      budget: { syncMs: 100 },
    })
    instances.push({ app, store })
  }
}, 60_000)
afterAll(async () => {
  for (const { app, store } of instances) {
    await app.close()
    await store.close()
  }
  await sandbox?.close()
  emulator?.close()
  pgServer?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Another client of the same token spends the budget straight at the sandbox down to `left`. */
async function spendDownTo(left: number) {
  for (;;) {
    const res = await fetch(`${sandbox.url}/client/v4/zones/${DEMO.id}/dns_records?per_page=5`, { headers: { authorization: `Bearer ${TOKEN}` } })
    await res.arrayBuffer()
    if (res.status === 429) throw new Error('spent too far')
    if (Number(/r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]) <= left) return
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const pausedOf = (body: { result: { id: string; paused: boolean }[] }) => body.result.find((z) => z.id === DEMO.id)?.paused
const list = async (url: string) => {
  const res = await fetch(`${url}/api/v4${LIST}`)
  return { res, body: (await res.json()) as { result: { id: string; paused: boolean }[] } }
}

describe.skipIf(missing)('a stale kept zone list on two instances', () => {
  it('is served stale on both at once and refreshed with exactly one call for the deployment', async () => {
    const [a, b] = instances.map((i) => i.app.url)
    // Each instance keeps the list (one call each).
    for (const url of [a, b]) expect((await list(url)).res.status).toBe(200)
    expect(listCalls()).toBe(2)

    // The budget runs low (below the tenth long work may not spend); each instance learns it from a read.
    await spendDownTo(9)
    for (const [n, url] of [a, b].entries()) expect((await fetch(`${url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=${n + 1}`)).status).toBe(200)
    emulator.db.prepare('UPDATE zones SET paused = 1 WHERE id = ?').run(DEMO.id)
    await sleep(TTL_MS + 1100)

    // Three people on each instance at the same moment: all answered stale from what each keeps.
    const stale = await Promise.all([a, b].flatMap((url) => Array.from({ length: 3 }, () => list(url))))
    for (const { res, body } of stale) {
      expect(res.status).toBe(200)
      expect(res.headers.get('x-zonekeeper-shared')).toBe('stale')
      expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(1)
      expect(pausedOf(body)).toBe(false)
    }
    // One refresh reached the service for the two instances together (a second one, if any, would
    // have been sent at the same moment).
    for (let waited = 0; listCalls() < 3 && waited < 10_000; waited += 50) await sleep(50)
    await sleep(500)
    expect(listCalls()).toBe(3)
    await sleep(TTL_MS + 100)

    // More reads on both while the lease holds: the instance that refreshed has the new list (past
    // its time again by now: stale), the other still its old one; no further call from either.
    const again = await Promise.all([a, b].map((url) => list(url)))
    for (const { res } of again) expect(res.headers.get('x-zonekeeper-shared')).toBe('stale')
    expect(again.map(({ body }) => pausedOf(body)).sort()).toEqual([false, true])
    await sleep(300)
    expect(listCalls()).toBe(3)
    expect(upstreamLines.some((l) => l.includes('/client/v4/') && / 429 /.test(l))).toBe(false)
  })
})
