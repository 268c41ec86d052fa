import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { expect, pageAs, test } from './audit-fixtures'
import { expectNoSeriousA11yViolations } from './fixtures'

/** Audit log, per-record history with diffs, undo (single, bulk, after someone else's change), CSV. */

const WRITE = { 'X-Zonekeeper-Request': '1' }
const ZONE = SEED_ZONES.demo.id
const DNS = `/api/v4/zones/${ZONE}/dns_records`
const dnsPage = `/zones/${ZONE}/dns`

type Rec = { id: string; name: string; content: string }
async function create(request: APIRequestContext, name: string, content: string): Promise<Rec> {
  const res = await request.post(DNS, { headers: WRITE, data: { type: 'A', name, content, ttl: 300, proxied: false } })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { result: Rec }).result
}
const recordsNamed = async (request: APIRequestContext, prefix: string) =>
  ((await (await request.get(`${DNS}?name.startswith=${prefix}&per_page=100`)).json()) as { result: Rec[] }).result
const rows = (page: Page) => page.getByRole('table', { name: /^DNS records of / }).locator('tbody tr')

async function openDns(page: Page, filter: string) {
  await page.goto(`${dnsPage}?name.contains=${filter}`)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

// One test: its steps were separate tests, each in fresh browser contexts signed in again. Each step
// reads only what it creates (its own record names, the log filtered to them), so they share the
// signed-in pages; the order is the old tests' order.
test('audit log, history and undo', async ({ browser, baseURL }) => {
  test.setTimeout(150_000)
  const page = await pageAs(browser, baseURL!, 'ed')
  const eve = await pageAs(browser, baseURL!, 'eve')
  const adm = await pageAs(browser, baseURL!, 'adm')

  await test.step('an editor changes a record, sees the diff in its History, and Undo brings the old content back', async () => {
    const rec = await create(page.request, 'hist-one', '192.0.2.50')
    await openDns(page, 'hist-one')
    await page.getByRole('button', { name: `Edit A record ${rec.name}` }).click()
    const edit = page.getByRole('dialog')
    await edit.getByLabel('IPv4 address').fill('192.0.2.51')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    // The success toast offers Undo for a while.
    await expect(page.getByRole('status').filter({ hasText: 'Record saved' }).getByRole('button', { name: 'Undo' })).toBeVisible()
    await expect(rows(page).first()).toContainText('192.0.2.51')

    await page.getByRole('button', { name: `History of A record ${rec.name}` }).click()
    const history = page.getByRole('dialog', { name: `History of A record ${rec.name}` })
    const latest = history.getByRole('article').first()
    await expect(latest).toContainText('Changed')
    await expect(latest).toContainText('by Ed')
    const contentRow = latest.getByRole('row', { name: /^Content/ })
    await expect(contentRow).toContainText('192.0.2.50')
    await expect(contentRow).toContainText('192.0.2.51')
    await expectNoSeriousA11yViolations(page, 'the history dialog')
    await latest.getByRole('button', { name: 'Undo' }).click()
    await expect(latest.getByText('Put the record')).toBeVisible()
    await latest.getByRole('button', { name: 'Undo this change' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Undone' }).first()).toBeVisible()
    // The undo is an entry of its own, at the top of the history.
    await expect(history.getByRole('article').first()).toContainText('Undid a change')
    await history.getByRole('button', { name: 'Close' }).click()
    await expect(rows(page).first()).toContainText('192.0.2.50')
    expect((await recordsNamed(page.request, 'hist-one'))[0].content).toBe('192.0.2.50')
  })

  await test.step('a bulk delete of 5 records is undone as a whole', async () => {
    for (let i = 1; i <= 5; i++) await create(page.request, `bulkundo-${i}`, `192.0.2.${60 + i}`)
    await openDns(page, 'bulkundo-')
    await expect(rows(page)).toHaveCount(5)
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
    await page.getByRole('button', { name: 'Delete selected (5)' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 5 records' }).click()
    const progress = page.getByRole('dialog', { name: 'Deleted 5 records' })
    await expect(progress).toContainText('Finished: 5 done')
    await progress.getByRole('button', { name: 'Close' }).first().click()
    expect(await recordsNamed(page.request, 'bulkundo-')).toEqual([])

    await page.goto('/audit?action=batch&person=ed')
    const log = page.getByRole('table', { name: 'Audit log' })
    await expect(log.locator('tbody tr')).toHaveCount(1)
    await log.getByRole('button', { name: /^Details of entry/ }).click()
    const entry = page.getByRole('dialog', { name: /^Entry \d+/ })
    await expect(entry.getByRole('link', { name: /Download the restore point/ })).toBeVisible()
    await entry.getByRole('button', { name: 'Undo' }).click()
    await expect(entry).toContainText('re-create 5 deleted records')
    await expect(entry).toContainText('new ids')
    await entry.getByRole('button', { name: 'Undo this change' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Undone' }).first()).toBeVisible()
    const back = await recordsNamed(page.request, 'bulkundo-')
    expect(back.map((r) => r.name).sort()).toEqual([1, 2, 3, 4, 5].map((i) => `bulkundo-${i}.example.com`))
  })

  // Undo after someone else changed the record (the conflict shown with both values, undone only when
  // asked again): audit-log-page.screen.test.tsx ("undo after someone else changed the record").

  await test.step('the audit log filtered by person, exported as CSV', async () => {
    await create(eve.request, 'csv-eve', '192.0.2.80')
    await adm.goto('/audit')
    // An administrator sees the chain verified (the step "administrators see the chain verified" below checks the others).
    await expect(adm.getByRole('status').filter({ hasText: /^Chain verified up to entry \d+/ })).toBeVisible()
    await adm.getByLabel('Person (user name)').fill('eve')
    await expect(adm).toHaveURL(/person=eve/)
    const log = adm.getByRole('table', { name: 'Audit log' })
    // Until the filtered page arrives the previous one stays on screen (its newest row may be Eve's):
    // wait for no row of anyone else, not for a snapshot of rows that may still change.
    const rows = log.locator('tbody tr')
    await expect(rows.filter({ hasNotText: '(eve)' })).toHaveCount(0)
    await expect(rows.first()).toContainText('Eve')
    await expectNoSeriousA11yViolations(adm, 'the audit log')
    const [download] = await Promise.all([adm.waitForEvent('download'), adm.getByRole('link', { name: 'Export CSV of this view' }).click()])
    const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r\n/)
    expect(csv[0]).toContain('person,username')
    expect(csv.length).toBeGreaterThan(1)
    for (const line of csv.slice(1)) expect(line.split(',')[3]).toBe('eve')
    expect(csv.some((l) => l.includes('csv-eve'))).toBe(true)
  })

  // The log naming each object as a person knows it (and the API token a client wrote with, by its
  // prefix), and the undo of a deleted CNAME bringing its flatten setting back, are single-screen rules:
  // src/features/audit/components/audit-log-page.screen.test.tsx ("what the log names"); the server's
  // restore in src/server/audit/undo.test.ts.
  await test.step('a second undo of one entry is refused with who undid it and when', async () => {
    const ed = page
    const rec = await create(ed.request, 'twice-one', '192.0.2.95')
    expect((await ed.request.patch(`${DNS}/${rec.id}`, { headers: WRITE, data: { content: '192.0.2.96' } })).ok()).toBeTruthy()
    // Both open the same entry's undo before either sends it.
    const panels = []
    for (const p of [ed, eve]) {
      await p.goto('/audit?person=ed&action=update')
      const row = p.getByRole('table', { name: 'Audit log' }).locator('tbody tr').filter({ hasText: 'Changed A twice-one.example.com' })
      await row.getByRole('button', { name: /^Details of entry/ }).click()
      const entry = p.getByRole('dialog', { name: /^Entry \d+/ })
      await entry.getByRole('button', { name: 'Undo' }).click()
      await expect(entry.getByRole('button', { name: 'Undo this change' })).toBeVisible()
      panels.push(entry)
    }
    await panels[0].getByRole('button', { name: 'Undo this change' }).click()
    await expect(ed.getByRole('status').filter({ hasText: 'Undone' }).first()).toBeVisible()
    await panels[1].getByRole('button', { name: 'Undo this change' }).click()
    const refusal = eve.getByRole('alert').filter({ hasText: 'The undo did not go through' })
    await expect(refusal).toContainText('already undone by Ed (ed) at')
    expect((await recordsNamed(ed.request, 'twice-one'))[0].content).toBe('192.0.2.95')
    // Only one undo entry.
    const undos = ((await (await ed.request.get('/api/local/audit?action=undo&per_page=100')).json()) as { result: { path: string }[] }).result
    expect(undos.filter((u) => u.path.endsWith(rec.id))).toHaveLength(1)
  })

  await test.step('administrators see the chain verified; others do not', async () => {
    // The administrator's audit log (opened above) still says the chain is verified; the editor's,
    // open on the audit log since the last step, never does.
    await expect(adm.getByRole('status').filter({ hasText: /^Chain verified up to entry \d+/ })).toBeVisible()
    await expect(page).toHaveURL(/\/audit/)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: /^Entry \d+/ })).toHaveCount(0)
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible()
    await expect(page.getByText(/Chain verified/)).toHaveCount(0)
  })
})
