import { describe, expect, it } from 'vitest'
import { ApiRequestError, RATE_BUDGET_CODE } from '@/lib/api-client'
import { waitingText } from '@/lib/rate-limit-wait'
import { importDnsRecords } from './import-dns-records'
import { SEED_ZONES } from '../../../server/emulator/seed-ids'
import { liveSandbox, type LiveInstance } from '../../../testing/live-sandbox'

/**
 * Waiting out the rate limit in the zone-file import: the dashboard's import call (the one its dialog makes),
 * in live mode against the rate-limited sandbox with the account's budget nearly spent by another
 * client of the same token. It waits out the limit, counting down in the words the dialog shows,
 * then imports; no 429 reaches the person, and the service never refuses anyone. A wait can be
 * cancelled, and then nothing is imported. Each test has a live instance (and token) of its own: a
 * full window to spend down, not what the last test left of one.
 */
const QUOTA = 100
const WINDOW = 4
const DEMO = SEED_ZONES.demo

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })
// The cancelled wait's own sandbox: a window no test run outlasts, so the budget is certainly still
// spent when the import asks (a 4 s window could end between the spend-down and the import on a busy
// machine, and then nothing waited). Waiting out a real window is the test above's.
const LONG_WINDOW = 600
const longKit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: LONG_WINDOW } })
const realFetch = kit.realFetch

/** A live instance of its own; the browser's API client asks for `/api/v4/…` there, as a page it served would. */
async function startLive(on = kit) {
  const live = await on.startLive()
  on.routeBrowserTo(live)
  return live
}

const importedNames = (prefix: string, on = kit) =>
  on.emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ? AND name LIKE ? ORDER BY name').pluck().all(DEMO.id, `${prefix}%`) as string[]

const zoneFile = (prefix: string, n: number) =>
  new Blob([Array.from({ length: n }, (_, i) => `${prefix}${i}.${DEMO.name}.\t300\tIN\tA\t192.0.2.${i + 1}\n`).join('')], { type: 'text/plain' })

/** Another client of the same token spends the budget down to `left`; the dashboard learns the figure from a person's page read. */
async function spendBudgetDownTo(live: LiveInstance, left: number, on = kit) {
  await on.spendDownTo(live.token, left)
  expect((await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)
}

describe('a zone-file import with a nearly spent budget', () => {
  it('is refused for now when sent as it was (what the dialog used to show the person)', async () => {
    const live = await startLive()
    await spendBudgetDownTo(live, 5)
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
    await spendBudgetDownTo(await startLive(), 5)
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
    expect(kit.serviceRefusals()).toEqual([])
  }, 30_000)

  it('a wait is cancellable: the import is not sent and nothing is imported', async () => {
    await spendBudgetDownTo(await startLive(longKit), 5, longKit)
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
    // It did wait (on the long window: longer than the short one lasts), and the wait ended with the abort.
    expect(waits[0]).toBeGreaterThan(WINDOW)
    expect(waits.at(-1)).toBeNull()
    expect(importedNames('cancelled-', longKit)).toEqual([])
    expect(longKit.lines.filter((l) => l.includes('/dns_records/import'))).toEqual([])
  }, 30_000)

  it('other errors are the person’s to read at once: a file over the limit is refused without waiting', async () => {
    // With budget to spare (the instance has read the figure off an answer), as after a wait.
    expect((await realFetch(`${(await startLive()).url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status).toBe(200)
    const tooLarge = new Blob(['x'.repeat(300 * 1024)], { type: 'text/plain' })
    const waits: (number | null)[] = []
    await expect(importDnsRecords(DEMO.id, tooLarge, false, { onWait: (s) => waits.push(s) })).rejects.toBeInstanceOf(ApiRequestError)
    expect(waits).toEqual([])
  })
})
