import { test, expect, type Browser, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addPerson } from '../src/testing/server/auth'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { createStore } from '../src/server/store'
import { PRACTICE_BANNER_TEXT } from '../src/shared/practice-banner'
import { startEmulatorUpstream } from '../src/testing/emulator-upstream'
import { expectNoSeriousA11yViolations, startZonekeeper, type RunningZonekeeper } from './fixtures'

/**
 * Practice sandbox: the server runs in live mode against a "live API" (the emulator behind
 * a real HTTP server on loopback) that records every request. A viewer practises on their own copy;
 * nothing they do there reaches the live API, and the checklist ticks itself off.
 */
const DEMO = SEED_ZONES.demo
let live: Awaited<ReturnType<typeof startEmulatorUpstream>>
let server: RunningZonekeeper
let dataDir = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  live = await startEmulatorUpstream()
  dataDir = mkdtempSync(join(tmpdir(), 'zonekeeper-e2e-practice-'))
  const store = createStore({ dataDir })
  await addPerson(store, 'vera', 'viewer')
  await store.close()
  server = await startZonekeeper(
    'practice',
    { API_TOKEN: 'e2e-live-token-practice-0123456789', API_BASE_URL: live.upstream.url },
    dataDir,
  )
})

test.afterAll(async () => {
  await server?.stop()
  await live?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

async function signedIn(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL })
  const res = await context.request.post('/login', {
    form: { username, password: `${username}-password-1`, next: '/' },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(303)
  return context.newPage()
}

const writesUpstream = () => live.upstream.requests.filter((r) => r.method !== 'GET')
const liveRecordNames = () =>
  live.emulator.db.prepare('SELECT name FROM dns_records WHERE zone_id = ?').pluck().all(DEMO.id) as string[]
const task = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Newcomer checklist' }).getByRole('listitem').filter({ hasText: title })

async function startPractising(page: Page) {
  await page.goto('/zones')
  await page.getByRole('link', { name: 'Practise safely' }).click()
  await expect(page.getByRole('heading', { name: 'Practice sandbox' })).toBeVisible()
  await page.getByRole('button', { name: 'Start practising' }).click()
  await expect(page.getByRole('region', { name: 'Practice mode' })).toContainText(PRACTICE_BANNER_TEXT)
}

async function addRecord(page: Page, type: string, name: string, address: string) {
  await page.getByRole('button', { name: 'Add record' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Type').selectOption(type)
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name)
  await dialog.getByRole('textbox', { name: /^IPv4 address/ }).fill(address)
  await dialog.getByRole('button', { name: 'Add record' }).click()
}

test('practice: a viewer practises on a copy of their own; nothing reaches the live API', async ({ browser }) => {
  test.setTimeout(180_000)
  await test.step('a viewer adds a record in practice; the live API gets no write and the live zone is untouched', async () => {
    const page = await signedIn(browser, 'vera')
    // Live: a viewer reads the records but is offered no way to change them.
    await page.goto(`/zones/${DEMO.id}/dns`)
    await expect(page.getByRole('note').filter({ hasText: 'You can read these records' })).toContainText(
      'use “Practise safely” at the top',
    )
    await expect(page.getByRole('button', { name: 'Add record' })).toHaveCount(0)

    await startPractising(page)
    live.upstream.requests.length = 0
    await expect(task(page, 'Add a record')).toContainText('Not done yet')
    await task(page, 'Add a record').getByRole('link', { name: 'Add a record' }).click()
    await expect(page.getByRole('heading', { name: 'DNS records' })).toBeVisible()
    await addRecord(page, 'A', 'practice-e2e', '192.0.2.44')
    await expect(page.getByRole('status').filter({ hasText: 'Record added' })).toBeVisible()
    await expect(
      page
        .getByRole('table')
        .locator('tbody tr')
        .filter({ hasText: `practice-e2e.${DEMO.name}` }),
    ).toHaveCount(1)
    await expect(page.getByRole('region', { name: 'Practice mode' })).toBeVisible()

    // Nothing at all went to the live API while practising, and its zone has no such record.
    expect(live.upstream.requests).toEqual([])
    expect(liveRecordNames()).not.toContain(`practice-e2e.${DEMO.name}`)

    await page.getByRole('region', { name: 'Practice mode' }).getByRole('link', { name: 'Checklist' }).click()
    await expect(task(page, 'Add a record')).toContainText('Done')
    await expect(task(page, "Find a zone's DNS records")).toContainText('Done')
    await expect(page.getByText('2 of 7 done')).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'the practice page with its banner')

    // Back to live: the banner goes, the live zone is read again, and it does not have the record.
    await page.getByRole('region', { name: 'Practice mode' }).getByRole('button', { name: 'Back to live' }).click()
    await expect(page.getByRole('region', { name: 'Practice mode' })).toHaveCount(0)
    await page.goto(`/zones/${DEMO.id}/dns?name.contains=practice-e2e`)
    await expect(page.getByRole('table').locator('tbody tr').first()).not.toContainText('practice-e2e')
    expect(live.upstream.requests.some((r) => r.url.includes('/dns_records'))).toBe(true)
    expect(writesUpstream()).toEqual([])
  })

  // The other tasks ticking as they are really done in practice (a refusal read, a change undone, an
  // invite accepted, a script reviewed), and the progress kept after signing in again, are the server's
  // (src/server/practice/checklist.test.ts: "ticks each task as a viewer really does it in practice, and
  // keeps it after signing in again"; "what counts as done"); the checklist showing a task Done and the
  // count is the step above, in the browser.
})
