import { beforeAll, describe, expect, it } from 'vitest'
import { runBulk, waitingText, type BulkItemResult } from '@/components/bulk/run-bulk'
import { batchLimitFor, runBatchOf } from './batch-dns-records'
import { SEED_ZONES } from '../../../server/emulator/seed-ids'
import { liveSandbox } from '../../../testing/live-sandbox'

/**
 * The dashboard's bulk delete (its real runner and batch call) of 3,000 records against the
 * rate-limited sandbox, started with the account's budget nearly spent: it waits, says so, and
 * finishes without a 429 reaching anyone; a person's page read meanwhile is answered. Each test has
 * a live instance (and token) of its own: a full window to spend down, not the last test's.
 */
const QUOTA = 100
const WINDOW = 4
const DEMO = SEED_ZONES.demo

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })
// The cancelled wait's own sandbox: a window no test run outlasts, so the budget is certainly still
// spent when the run asks (a 4 s window could end between the spend-down and the first batch on a
// busy machine, and then nothing waited). Waiting out a real window is the test before it.
const longKit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: 600 } })
const realFetch = kit.realFetch

/** A live instance of its own; the browser's API client asks for `/api/v4/…` there, as a page it served would. */
async function startLive(on = kit) {
  const live = await on.startLive()
  on.routeBrowserTo(live)
  return live
}

beforeAll(async () => {
  // 3,000 records in example.com, written straight into the sandbox (not through its rate-limited door).
  const posts = Array.from({ length: 3000 }, (_, i) => ({ type: 'A', name: `bulk-${i}`, content: '192.0.2.50', ttl: 300, proxied: false }))
  const res = await kit.emulator.app.request(`/zones/${DEMO.id}/dns_records/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ posts }),
  })
  expect(res.status).toBe(200)
})

const bulkIds = (on = kit) => on.emulator.db.prepare("SELECT id FROM dns_records WHERE zone_id = ? AND name LIKE 'bulk-%'").pluck().all(DEMO.id) as string[]

describe('a bulk delete of 3,000 records with a nearly spent budget', () => {
  it('waits for the rate limit, says so, stays cancellable, and finishes without a 429 reaching anyone', async () => {
    const live = await startLive()
    // Another client of the same token spends the budget down to 5 of 100 (the bulk delete's own
    // reads and its batch, sent now, would run into the service's 429).
    await kit.spendDownTo(live.token, 5)
    // The dashboard learns the figure from a person's page read (answered: reads keep their reserve).
    expect((await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)

    const ids = bulkIds().map((id) => ({ id }))
    expect(ids).toHaveLength(3000)
    const waits: (number | null)[] = []
    const results: BulkItemResult<unknown>[] = []
    let pageReadWhileWaiting: number | undefined
    const run = runBulk(
      ids,
      {
        key: (r) => r.id,
        label: (r) => r.id,
        perBatch: { size: batchLimitFor('pro'), run: (items) => runBatchOf(DEMO.id, 'deletes', items) },
      },
      {
        cancelled: () => false,
        onResult: (rs) => results.push(...rs),
        onWait: (s) => {
          waits.push(s)
          if (s !== null && pageReadWhileWaiting === undefined) {
            pageReadWhileWaiting = 0
            void realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=2`).then((r) => (pageReadWhileWaiting = r.status))
          }
        },
      },
    )
    const all = await run
    expect(all.every((r) => r.status === 'ok')).toBe(true)
    expect(results).toHaveLength(3000)
    expect(bulkIds()).toEqual([])
    // It waited, counting down, and said so in the words the progress dialog shows.
    const counted = waits.filter((w): w is number => w !== null)
    expect(counted.length).toBeGreaterThan(0)
    expect(counted[0]).toBeLessThanOrEqual(WINDOW)
    expect(waits.at(-1)).toBeNull()
    expect(waitingText(counted[0])).toBe(`Waiting for the API's rate limit: resuming in ${counted[0]} s`)
    // A person's page read during the wait was answered.
    expect(pageReadWhileWaiting).toBe(200)
    // The service never refused anyone.
    expect(kit.serviceRefusals()).toEqual([])
  })

  it('a wait is cancellable: nothing more is sent and the rest is skipped', async () => {
    const posts = Array.from({ length: 400 }, (_, i) => ({ type: 'A', name: `bulk-c${i}`, content: '192.0.2.51', ttl: 300, proxied: false }))
    await longKit.emulator.app.request(`/zones/${DEMO.id}/dns_records/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ posts }),
    })
    const live = await startLive(longKit)
    await longKit.spendDownTo(live.token, 20)
    await (await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).arrayBuffer()
    let cancelled = false
    const waits: number[] = []
    const all = await runBulk(
      bulkIds(longKit).map((id) => ({ id })),
      { key: (r) => r.id, label: (r) => r.id, perBatch: { size: 200, run: (items) => runBatchOf(DEMO.id, 'deletes', items) } },
      { cancelled: () => cancelled, onResult: () => {}, onWait: (s) => void (s !== null && waits.push(s) && (cancelled = true)) },
    )
    expect(waits.length).toBeGreaterThan(0) // it did wait (and was cancelled during the wait)
    expect(all).toHaveLength(400)
    expect(all.every((r) => r.status === 'skipped')).toBe(true)
    expect(bulkIds(longKit)).toHaveLength(400)
    expect(longKit.lines.filter((l) => l.includes('/dns_records/batch'))).toEqual([])
  })
})
