import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiRequestError, RATE_BUDGET_CODE } from '@/lib/api-client'
import { waitingText } from '@/lib/rate-limit-wait'
import { importDnsRecords } from './import-dns-records'
import { createEmulator, type Emulator } from '../../../server/emulator'
import { SEED_ZONES } from '../../../server/emulator/seed-ids'
import type { RunningServer } from '../../../server/serve'
import { createStore, type Store } from '../../../server/store'
import { startApp, testConfig } from '../../../testing/server'

/**
 * Issue 24 item 3 for the zone-file import: the dashboard's import call (the one its dialog makes),
 * in live mode against the rate-limited sandbox with the account's budget nearly spent by another
 * client of the same token. It waits out the limit, counting down in the words the dialog shows,
 * then imports; no 429 reaches the person, and the service never refuses anyone. A wait can be
 * cancelled, and then nothing is imported.
 */
const TOKEN = 'live-token-for-the-zone-import-0123456789'
const QUOTA = 100
const WINDOW = 6
const DEMO = SEED_ZONES.demo

let emulator: Emulator
let sandbox: RunningServer
let live: RunningServer
let store: Store
let dir = ''
const upstreamLines: string[] = []
const realFetch = globalThis.fetch

beforeAll(async () => {
  emulator = createEmulator({ file: ':memory:', scaleZones: false })
  sandbox = await startApp({
    config: testConfig({ sandboxRateLimit: { quota: QUOTA, windowSeconds: WINDOW } }),
    emulator,
    log: (line) => upstreamLines.push(line),
  })
  dir = mkdtempSync(join(tmpdir(), 'zk-import-budget-'))
  store = createStore({ dataDir: dir })
  live = await startApp({
    config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: `${sandbox.url}/client/v4` }),
    store,
    budget: { syncMs: 100 },
  })
  // The browser's API client asks for `/api/v4/…`: resolved against the dashboard's address, as a page would.
  globalThis.fetch = (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? live.url + input : input, init)
})
afterAll(async () => {
  globalThis.fetch = realFetch
  await live.close()
  await sandbox.close()
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

const importedNames = (prefix: string) =>
  emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ? AND name LIKE ? ORDER BY name').pluck().all(DEMO.id, `${prefix}%`) as string[]

const zoneFile = (prefix: string, n: number) =>
  new Blob([Array.from({ length: n }, (_, i) => `${prefix}${i}.${DEMO.name}.\t300\tIN\tA\t192.0.2.${i + 1}\n`).join('')], { type: 'text/plain' })

/** Another client of the same token spends the budget down to `left`; the dashboard learns the figure from a person's page read. */
async function spendBudgetDownTo(left: number) {
  let remaining = QUOTA
  while (remaining > left) {
    const r = await realFetch(`${sandbox.url}/client/v4/zones/${DEMO.id}`, { headers: { authorization: `Bearer ${TOKEN}` } })
    await r.arrayBuffer()
    if (r.status === 429) break
    remaining = Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1])
  }
  expect((await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)
}

describe('a zone-file import with a nearly spent budget', () => {
  it('is refused for now when sent as it was (what the dialog used to show the person)', async () => {
    await spendBudgetDownTo(5)
    const form = new FormData()
    form.append('file', zoneFile('refused-', 1))
    const res = await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records/import`, {
      method: 'POST',
      headers: { 'x-zonekeeper-request': '1' },
      body: form,
    })
    expect(res.status).toBe(429)
    expect((await res.json()).errors[0].code).toBe(RATE_BUDGET_CODE)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(importedNames('refused-')).toEqual([])
  })

  it('waits for the rate limit, says so, and then imports without a 429 reaching the person', async () => {
    await spendBudgetDownTo(5)
    const waits: (number | null)[] = []
    const result = await importDnsRecords(DEMO.id, zoneFile('waited-', 12), false, { onWait: (s) => waits.push(s) })
    expect(result.recs_added).toBe(12)
    expect(importedNames('waited-')).toHaveLength(12)
    // It waited, counting down, and said so in the words the dialog shows.
    const counted = waits.filter((w): w is number => w !== null)
    expect(counted.length).toBeGreaterThan(0)
    expect(counted[0]).toBeLessThanOrEqual(WINDOW)
    expect(counted).toEqual([...counted].sort((a, b) => b - a))
    expect(waits.at(-1)).toBeNull()
    expect(waitingText(counted[0])).toBe(`Waiting for the API's rate limit: resuming in ${counted[0]} s`)
    // The service never refused anyone.
    expect(upstreamLines.filter((l) => l.includes('/client/v4/') && / 429 /.test(l))).toEqual([])
  }, 30_000)

  it('a wait is cancellable: the import is not sent and nothing is imported', async () => {
    await spendBudgetDownTo(5)
    const controller = new AbortController()
    const waits: (number | null)[] = []
    const run = importDnsRecords(DEMO.id, zoneFile('cancelled-', 3), false, {
      signal: controller.signal,
      onWait: (s) => {
        waits.push(s)
        if (s !== null) controller.abort()
      },
    })
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(waits.at(-1)).toBeNull()
    expect(importedNames('cancelled-')).toEqual([])
    // Other errors are the person's to read at once: a file over the limit is refused without waiting.
    const tooLarge = new Blob(['x'.repeat(300 * 1024)], { type: 'text/plain' })
    const waitsBefore = waits.length
    await new Promise((r) => setTimeout(r, WINDOW * 1000))
    await expect(importDnsRecords(DEMO.id, tooLarge, false, { onWait: (s) => waits.push(s) })).rejects.toBeInstanceOf(ApiRequestError)
    expect(waits).toHaveLength(waitsBefore)
  }, 30_000)
})
