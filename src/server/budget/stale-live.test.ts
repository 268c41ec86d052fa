import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator, type Emulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'
import { createStore, type Store } from '../store'
import { startApp, testConfig } from '../../testing/server'

/**
 * Stale-while-revalidate against the rate-limited sandbox: with the budget low, the zone list is
 * answered from what is kept, saying how old it is, and refreshed with one call whoever asks; with the
 * budget spent, it is still answered from what is kept (no call), and only a read nothing answers is
 * refused, with the plain message. The service never refuses anyone.
 */
const TOKEN = 'live-token-for-stale-reads-0123456789'
const QUOTA = 100
const WINDOW = 30
const TTL_MS = 400
const DEMO = SEED_ZONES.demo
const LIST = '/zones?per_page=50&order=status'

let emulator: Emulator
let sandbox: RunningServer
let live: RunningServer
let store: Store
let dir = ''
const upstreamLines: string[] = []
const listCalls = () => upstreamLines.filter((l) => l.startsWith('GET /client/v4/zones?per_page=…&order=… ')).length

beforeAll(async () => {
  emulator = createEmulator({ file: ':memory:', scaleZones: false })
  sandbox = await startApp({
    config: testConfig({ sandboxRateLimit: { quota: QUOTA, windowSeconds: WINDOW } }),
    emulator,
    log: (line) => upstreamLines.push(line),
  })
  dir = mkdtempSync(join(tmpdir(), 'zk-stale-'))
  store = createStore({ dataDir: dir })
  live = await startApp({
    config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: `${sandbox.url}/client/v4`, apiCacheMs: TTL_MS }),
    store,
    budget: { syncMs: 100 },
  })
})
afterAll(async () => {
  await live.close()
  await sandbox.close()
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
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
const list = async () => {
  const res = await fetch(`${live.url}/api/v4${LIST}`)
  return { res, body: (await res.json()) as { result: { id: string; paused: boolean }[]; errors: { code: number; message: string }[] } }
}

describe('account-wide lists while the budget is low or spent', () => {
  it('serves the kept list stale, saying how old, and refreshes it once; spent: stale without a call, or a plain refusal', async () => {
    const first = await list()
    expect(first.res.status).toBe(200)
    expect(pausedOf(first.body)).toBe(false)
    expect(listCalls()).toBe(1)

    // The budget runs low (8 of 100 left: below the tenth long work may not spend); the instance
    // learns it from a person's next read.
    await spendDownTo(9)
    expect((await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)
    emulator.db.prepare('UPDATE zones SET paused = 1 WHERE id = ?').run(DEMO.id)
    await sleep(TTL_MS + 1100)

    // Five people at once, while the API is slow (a large batch holds the sandbox's door): all answered
    // at once from the kept list, which says how old it is.
    const busy = emulator.ctx.exclusive!.run(() => sleep(1000))
    const asked = performance.now()
    const stale = await Promise.all(Array.from({ length: 5 }, list))
    expect(performance.now() - asked).toBeLessThan(800)
    for (const { res, body } of stale) {
      expect(res.status).toBe(200)
      expect(res.headers.get('x-zonekeeper-shared')).toBe('stale')
      expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(1)
      expect(pausedOf(body)).toBe(false)
    }
    // One refresh went upstream for all five, and it is what the next person sees.
    await busy
    await sleep(300)
    expect(listCalls()).toBe(2)
    const refreshed = await list()
    expect(refreshed.res.headers.get('x-zonekeeper-shared')).toBe('cached')
    expect(pausedOf(refreshed.body)).toBe(true)
    expect(listCalls()).toBe(2)

    // Spent (down to the last 2, which nobody spends): still the kept list, with no call at all.
    await spendDownTo(2)
    expect((await fetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=2`)).status).toBe(200) // learns the figure
    await sleep(TTL_MS + 1100)
    const spent = await list()
    expect(spent.res.status).toBe(200)
    expect(spent.res.headers.get('x-zonekeeper-shared')).toBe('stale')
    expect(Number(spent.res.headers.get('age'))).toBeGreaterThanOrEqual(1)
    expect(pausedOf(spent.body)).toBe(true)
    await sleep(300)
    expect(listCalls()).toBe(2)
    // A list nothing kept: the plain message with how long to wait, never the service's 429.
    const refused = await fetch(`${live.url}/api/v4/zones?per_page=20&page=2`)
    expect(refused.status).toBe(429)
    const why = ((await refused.json()) as { errors: { code: number; message: string }[] }).errors[0]
    expect(why.code).toBe(10430)
    expect(why.message).toMatch(/Try again in \d+ s\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(BRIEF)
    expect(upstreamLines.some((l) => l.includes('/client/v4/') && / 429 /.test(l))).toBe(false)
  })
})
const BRIEF = 3
