import { test, expect, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addPerson } from '../src/testing/server/auth'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { createStore } from '../src/server/store'
import { PRACTICE_BANNER_TEXT_SANDBOX } from '../src/shared/practice-banner'
import { expectNoSeriousA11yViolations, startZonekeeper, type RunningZonekeeper } from './fixtures'

/**
 * A viewer newcomer in sandbox mode hit a dead end (no Add button, no way to
 * practise, 1 of 6 for ever). Signed in as a viewer in sandbox mode, they read which tasks their role
 * allows, turn practice on with the same switch as in live mode, add a record, and see it ticked.
 */
const DEMO = SEED_ZONES.demo
let server: RunningZonekeeper
let dataDir = ''

test.beforeAll(async () => {
  test.setTimeout(90_000)
  dataDir = mkdtempSync(join(tmpdir(), 'zonekeeper-e2e-practice-sandbox-'))
  const store = createStore({ dataDir })
  await addPerson(store, 'wren', 'viewer')
  await store.close()
  server = await startZonekeeper('practice-sandbox', {}, dataDir)
})

test.afterAll(async () => {
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const task = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Newcomer checklist' }).getByRole('listitem').filter({ hasText: title })

test('a viewer in sandbox mode practises adding a record and sees the checklist progress', async ({ browser }) => {
  test.slow()
  const context = await browser.newContext({ baseURL: server.baseURL })
  const login = await context.request.post('/login', { form: { username: 'wren', password: 'wren-password-1', next: '/' }, maxRedirects: 0 })
  expect(login.status()).toBe(303)
  const page = await context.newPage()

  // In the shared sandbox a viewer reads records but may not add one.
  await page.goto(`/zones/${DEMO.id}/dns`)
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add record' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Newcomer checklist' }).click()
  await expect(page.getByRole('heading', { name: 'Newcomer checklist', level: 1 })).toBeVisible()
  await expect(page.getByText('1 of 7 done')).toBeVisible()
  // The checklist says which tasks the role allows, and why not the others, instead of leaving them undone for ever.
  await expect(task(page, "Find a zone's DNS records")).toContainText('Done')
  const add = task(page, 'Add a record')
  await expect(add).toContainText('Not allowed for your role here')
  await expect(add).toContainText('Your role (viewer) does not allow adding records here')
  await expect(task(page, 'Accept an invite')).toContainText('needs administrator')

  // The same switch as in live mode, offered right at the task.
  await add.getByRole('button', { name: 'Practise this' }).click()
  await expect(page.getByRole('region', { name: 'Practice mode' })).toContainText(PRACTICE_BANNER_TEXT_SANDBOX)
  await expect(page.getByRole('heading', { name: 'Practice sandbox', level: 1 })).toBeVisible()
  await expect(add).toContainText('Not done yet')
  await expect(page.getByText('Not allowed for your role here')).toHaveCount(0)

  await add.getByRole('link', { name: 'Add a record' }).click()
  await expect(page.getByRole('heading', { name: 'DNS records' })).toBeVisible()
  await page.getByRole('button', { name: 'Add record' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Type').selectOption('A')
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('viewer-practice')
  await dialog.getByRole('textbox', { name: /^IPv4 address/ }).fill('192.0.2.45')
  await dialog.getByRole('button', { name: 'Add record' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Record added' })).toBeVisible()
  await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: `viewer-practice.${DEMO.name}` })).toHaveCount(1)

  await page.getByRole('region', { name: 'Practice mode' }).getByRole('link', { name: 'Checklist' }).click()
  await expect(task(page, 'Add a record')).toContainText('Done')
  await expect(page.getByText('2 of 7 done')).toBeVisible()
  await expectNoSeriousA11yViolations(page, 'the practice page of a viewer in sandbox mode')

  // Stopping: the shared sandbox never had the record.
  await page.getByRole('region', { name: 'Practice mode' }).getByRole('button', { name: 'Stop practising' }).click()
  await expect(page.getByRole('region', { name: 'Practice mode' })).toHaveCount(0)
  await page.goto(`/zones/${DEMO.id}/dns?name.contains=viewer-practice`)
  await expect(page.getByRole('table').locator('tbody tr').first()).not.toContainText('viewer-practice')
  await context.close()
})

/** A full practice copy says so where the write was tried (here the record form). */
test.describe('a practice copy at its quota', () => {
  let small: RunningZonekeeper
  test.beforeAll(async () => {
    test.setTimeout(90_000)
    small = await startZonekeeper('practice-quota', { PRACTICE_QUOTA_MB: '1' })
  })
  test.afterAll(async () => {
    await small?.stop()
  })

  test('the record form shows why the record was not added', async ({ browser }) => {
    test.slow()
    const context = await browser.newContext({ baseURL: small.baseURL })
    const page = await context.newPage()
    await page.goto('/practice')
    await page.getByRole('button', { name: 'Start practising' }).click()
    await expect(page.getByRole('region', { name: 'Practice mode' })).toContainText(PRACTICE_BANNER_TEXT_SANDBOX)
    // Fill the copy past 1 MiB with imports of about 256 KiB, as the import dialog sends them.
    for (let i = 0; i < 4; i++) {
      let text = ''
      for (let r = 0; text.length < 250 * 1024; r++) text += `fill${i}-${r}.${DEMO.name}. 300 IN A 192.0.2.${r % 250}\n`
      const answer = await page.request.post(`/api/v4/zones/${DEMO.id}/dns_records/import`, {
        headers: { 'x-zonekeeper-request': '1' },
        multipart: { file: { name: 'zone.txt', mimeType: 'text/plain', buffer: Buffer.from(text) } },
      })
      if (answer.status() === 413) break
      expect(answer.status()).toBe(200)
    }
    await page.goto(`/zones/${DEMO.id}/dns`)
    await page.getByRole('button', { name: 'Add record' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Type').selectOption('A')
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('one-too-many')
    await dialog.getByRole('textbox', { name: /^IPv4 address/ }).fill('192.0.2.46')
    await dialog.getByRole('button', { name: 'Add record' }).click()
    await expect(dialog).toContainText('Your practice copy is full')
    await expect(dialog).toContainText('may take at most 1 MiB')
    await expect(dialog).toContainText('reset your practice data')
    await context.close()
  })
})
