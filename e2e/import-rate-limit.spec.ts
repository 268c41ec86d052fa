import { test, expect } from '@playwright/test'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { startZonekeeper, type RunningZonekeeper } from './fixtures'

/**
 * Waiting out the rate limit in the zone-file import, in the browser: live mode pointed at a sandbox that keeps
 * the service's rate limit (SANDBOX_RATE_LIMIT, 100 requests per 6 s: a short window, since its
 * waits are what is tested). Another client of the same token spends the budget nearly to the end;
 * the import dialog then says it waits for the rate limit, counts down, imports by itself and shows
 * its summary, without the person seeing a refusal, and the service never answers anyone 429. A
 * wait can be cancelled: nothing is imported then.
 */
const TOKEN = 'e2e-import-rate-limit-token-0123456789'
const QUOTA = 100
const WINDOW = 6
const DEMO = SEED_ZONES.demo
let sandbox: RunningZonekeeper | undefined
let live: RunningZonekeeper | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  sandbox = await startZonekeeper('import-rl-sandbox', { SANDBOX_RATE_LIMIT: `${QUOTA}/${WINDOW}` })
  live = await startZonekeeper('import-rl-live', { API_TOKEN: TOKEN, API_BASE_URL: `${sandbox.baseURL}/client/v4` })
})
test.afterAll(async () => {
  await live?.stop()
  await sandbox?.stop()
})
// On a failure, what both servers saw (their request logs: methods, paths and statuses only).
// eslint-disable-next-line no-empty-pattern -- Playwright hooks take their fixtures as a destructured object.
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(`Dashboard:\n${live?.log().slice(-2500)}\nSandbox:\n${sandbox?.log().slice(-1500)}`)
})
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const askSandbox = () => fetch(`${sandbox!.baseURL}/client/v4/zones/${DEMO.id}`, { headers: { authorization: `Bearer ${TOKEN}` } })

/**
 * Another client of the token spends the budget down to 5 requests at the start of a window (so the
 * wait is long enough to see and to cancel); the dashboard reads the figure off a page read.
 */
async function spendBudget(request: import('@playwright/test').APIRequestContext) {
  const first = await askSandbox()
  await first.arrayBuffer()
  const resetIn = Number(/t=(\d+)/.exec(first.headers.get('ratelimit') ?? '')?.[1])
  if (resetIn < WINDOW - 1) await new Promise((r) => setTimeout(r, resetIn * 1000 + 300))
  // Up to 16 at a time, as many as may still be spent (never a 429): done in a fraction of the window.
  let remaining = QUOTA
  while (remaining > 5) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(16, remaining - 5) }, async () => {
        const r = await askSandbox()
        await r.arrayBuffer()
        expect(r.status).toBe(200)
        return Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1])
      }),
    )
    remaining = Math.min(...answers)
  }
  expect((await request.get(`${live!.baseURL}/api/v4/zones/${DEMO.id}/dns_records?per_page=5`)).status()).toBe(200)
}

const zoneFile = (prefix: string, n: number) => ({
  name: 'zone.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(Array.from({ length: n }, (_, i) => `${prefix}${i}.${DEMO.name}.\t300\tIN\tA\t192.0.2.${i + 1}\n`).join('')),
})

const recordsNamed = async (request: import('@playwright/test').APIRequestContext, name: string) =>
  (await (await request.get(`${sandbox!.baseURL}/client/v4/zones/${DEMO.id}/dns_records?name=${name}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()).result.length

test('the import waits out the rate limit, counting down, then imports by itself', async ({ page }) => {
  await page.goto(`${live!.baseURL}/zones/${DEMO.id}/dns`)
  await page.getByRole('button', { name: 'Import BIND file' }).click()
  const dialog = page.getByRole('dialog', { name: /Import records into/ })
  await dialog.getByLabel('Zone file').setInputFiles(zoneFile('paced-', 3))
  await spendBudget(page.request)
  await dialog.getByRole('button', { name: 'Import' }).click()
  await expect(dialog.getByRole('status')).toContainText(/Waiting for the API's rate limit: resuming in \d+ s/)
  await expect(dialog.getByText('Added 3 of 3 records in the file.')).toBeVisible({ timeout: 45_000 })
  await expect(dialog.getByText('Nothing was imported')).toHaveCount(0)
  expect(await recordsNamed(page.request, `paced-0.${DEMO.name}`)).toBe(1)
  // The service never refused anyone (its request log).
  expect(sandbox!.log()).not.toMatch(/ 429 \d+ms$/m)
})

test('a wait can be cancelled: nothing is imported', async ({ page }) => {
  await page.goto(`${live!.baseURL}/zones/${DEMO.id}/dns`)
  await page.getByRole('button', { name: 'Import BIND file' }).click()
  const dialog = page.getByRole('dialog', { name: /Import records into/ })
  await dialog.getByLabel('Zone file').setInputFiles(zoneFile('stopped-', 2))
  await spendBudget(page.request)
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/dns_records/import'))
  await dialog.getByRole('button', { name: 'Import' }).click()
  const refusal = await refused
  const refusedAt = Date.now()
  expect(refusal.status()).toBe(429)
  const retryAfter = Number(refusal.headers()['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(WINDOW)
  await expect(dialog.getByRole('status')).toContainText(/Waiting for the API's rate limit: resuming in \d+ s/)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog.getByRole('status')).toContainText("Cancelled while waiting for the API's rate limit: nothing was imported.")
  // A second past when the wait would have sent it again (and the window it waited for has ended),
  // still nothing: the import was never sent again.
  await page.waitForTimeout(Math.max(0, refusedAt + (retryAfter + 1) * 1000 - Date.now()))
  expect(await recordsNamed(page.request, `stopped-0.${DEMO.name}`)).toBe(0)
  expect(live!.log().match(/^POST \S+\/dns_records\/import \d+/gm)?.slice(-1)).toEqual([`POST /api/v4/zones/${DEMO.id}/dns_records/import 429`])
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeEnabled()
})
