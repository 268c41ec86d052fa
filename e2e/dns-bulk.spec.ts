import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

/** The DNS table's bulk actions, through `POST …/dns_records/batch` (one request, all or nothing). */

const WRITE = { 'X-Zonekeeper-Request': '1' }
const DNS = `/api/v4/zones/${SEED_ZONES.demo.id}/dns_records`
const rows = (page: Page) => page.getByRole('table', { name: /^DNS records of / }).locator('tbody tr')

async function addRecords(request: APIRequestContext, bodies: object[]): Promise<string[]> {
  const res = await request.post(`${DNS}/batch`, { headers: WRITE, data: { posts: bodies } })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { result: { posts: { id: string }[] } }).result.posts.map((r) => r.id)
}
const named = async (request: APIRequestContext, prefix: string) =>
  ((await (await request.get(`${DNS}?name.startswith=${prefix}&per_page=500`)).json()) as { result: { name: string; proxied: boolean; type: string }[] })
    .result
/** Counts the requests the page sends to the DNS API, by kind. */
function watchRequests(page: Page) {
  const seen = { batch: 0, deletes: 0 }
  page.on('request', (r) => {
    if (r.url().includes('/dns_records/batch')) seen.batch++
    else if (r.method() === 'DELETE' && r.url().includes('/dns_records/')) seen.deletes++
  })
  return seen
}
async function filterByName(page: Page, text: string) {
  await page.getByLabel('Name contains').fill(text)
  await expect(page).toHaveURL(new RegExp(`name.contains=${encodeURIComponent(text)}`))
}

test.describe('DNS bulk actions', () => {
  test.beforeAll(async ({ request }) => resetSandbox(request))
  test.afterAll(async ({ request }) => resetSandbox(request))

  // One page for every check (each was a test of its own): each step adds its own records under a
  // name prefix of its own, filters the table to them and closes its result dialog.
  test('bulk delete, all or nothing, bulk proxy, every matching record, delegation badges', async ({ page, request }) => {
    // Quiet, about 25 s; CI is twice as slow.
    test.setTimeout(120_000)
    await openPage(page, zoneUrl('demo', 'dns'))
    await expect(rows(page).first()).toBeVisible()
    await test.step('bulk delete is one batch request; the title says it is done when it is', async () => {
      await addRecords(request, [1, 2, 3].map((n) => ({ type: 'A', name: `bulk-${n}`, content: `192.0.2.${110 + n}` })))
      const seen = watchRequests(page)
      await filterByName(page, 'bulk-')
      await expect(rows(page)).toHaveCount(3)
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
      await page.getByRole('button', { name: 'Delete selected (3)' }).click()
      const confirm = page.getByRole('dialog')
      await expect(confirm).toContainText('A bulk-1.example.com, A bulk-2.example.com, A bulk-3.example.com')
      await expect(confirm).toContainText('either all are deleted or, if one is refused, none')
      await confirm.getByRole('button', { name: 'Delete 3 records' }).click()
      const progress = page.getByRole('dialog', { name: 'Deleted 3 records' })
      await expect(progress).toContainText('Finished: 3 done, 0 failed, 0 skipped.')
      await expect(progress.getByRole('list', { name: 'Result per item' }).getByRole('listitem')).toHaveCount(3)
      expect(seen).toEqual({ batch: 1, deletes: 0 })
      await progress.getByRole('button', { name: 'Close' }).first().click()
      await expect(page.getByText('No record matches these filters')).toBeVisible()
      expect(await named(request, 'bulk-')).toEqual([])
    })
    await test.step('all or nothing: one record gone meanwhile, and none of the others is deleted', async () => {
      const [first] = await addRecords(request, [1, 2, 3].map((n) => ({ type: 'A', name: `whole-${n}`, content: `192.0.2.${120 + n}` })))
      await filterByName(page, 'whole-')
      await expect(rows(page)).toHaveCount(3)
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
      await page.getByRole('button', { name: 'Delete selected (3)' }).click()
      // Someone else deletes one of them before the confirmation.
      expect((await request.delete(`${DNS}/${first}`, { headers: WRITE })).ok()).toBeTruthy()
      await page.getByRole('dialog').getByRole('button', { name: 'Delete 3 records' }).click()
      const progress = page.getByRole('dialog', { name: 'Deleted 0 of 3 records' })
      await expect(progress).toContainText('Finished: 0 done, 3 failed, 0 skipped.')
      await expect(progress).toContainText('Record does not exist')
      await expect(progress.getByText(/^Not changed: a batch is all or nothing/)).toHaveCount(2)
      expect((await named(request, 'whole-')).map((r) => r.name).sort()).toEqual(['whole-2.example.com', 'whole-3.example.com'])
      await progress.getByRole('button', { name: 'Close' }).first().click()
      await expect(progress).toBeHidden()
    })
    await test.step('change proxy status of the selected records', async () => {
      await addRecords(request, [
        { type: 'A', name: 'px-a', content: '192.0.2.131', proxied: false },
        { type: 'CNAME', name: 'px-c', content: 'target.example.net', proxied: false },
        { type: 'AAAA', name: 'px-six', content: '2001:db8::131', proxied: true },
        { type: 'MX', name: 'px-mail', content: 'mx.example.net', priority: 10 },
      ])
      const seen = watchRequests(page)
      await filterByName(page, 'px-')
      await expect(rows(page)).toHaveCount(4)
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
      await page.getByRole('button', { name: 'Change proxy status (4)' }).click()
      const dialog = page.getByRole('dialog', { name: 'Change the proxy status of 4 records' })
      await dialog.getByRole('radio', { name: 'Proxied' }).check()
      const plan = dialog.getByRole('list', { name: 'What will happen' })
      await expect(plan).toContainText('2 records will change to Proxied.')
      await expect(plan).toContainText('1 record already is Proxied.')
      await expect(plan).toContainText('1 record cannot be proxied')
      await expectNoSeriousA11yViolations(page, 'bulk proxy dialog')
      await dialog.getByRole('button', { name: 'Set 2 records to Proxied' }).click()
      const progress = page.getByRole('dialog', { name: 'Changed proxy status of 2 records' })
      await expect(progress).toContainText('Finished: 2 done, 0 failed, 0 skipped.')
      expect(seen.batch).toBe(1)
      await progress.getByRole('button', { name: 'Close' }).first().click()
      const after = Object.fromEntries((await named(request, 'px-')).map((r) => [r.name.split('.')[0], r.proxied]))
      expect(after).toEqual({ 'px-a': true, 'px-c': true, 'px-six': true, 'px-mail': false })
    })
    await test.step('select every record matching the filter across pages, then delete them all', async () => {
      await addRecords(request, Array.from({ length: 30 }, (_, i) => ({ type: 'TXT', name: `many-${i}`, content: `note ${i}` })))
      await filterByName(page, 'many-')
      await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25')
      await expect(page).toHaveURL(/per_page=25/)
      await expect(rows(page)).toHaveCount(25)
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
      await expect(page.getByText('The 25 records on this page are selected.')).toBeVisible()
      await page.getByRole('button', { name: 'Select all 30 matching records' }).click()
      await expect(page.getByText('All 30 records matching the filters are selected, on every page.')).toBeVisible()
      await page.getByRole('button', { name: 'Delete selected (30)' }).click()
      const confirm = page.getByRole('dialog', { name: 'Delete 30 records?' })
      await expect(confirm).toContainText('and 25 more')
      await confirm.getByRole('button', { name: 'Delete 30 records' }).click()
      const progress = page.getByRole('dialog', { name: 'Deleted 30 records' })
      await expect(progress).toContainText('Finished: 30 done')
      expect(await named(request, 'many-')).toEqual([])
      await progress.getByRole('button', { name: 'Close' }).first().click()
      await expect(progress).toBeHidden()
    })
    await test.step('DNS fields of 2026: a record shadowed by a delegation is flagged, and the delegation says how many it hides', async () => {
      await filterByName(page, 'lab')
      const wiki = rows(page).filter({ hasText: 'wiki' })
      await expect(wiki).toContainText('Shadowed by a delegation')
      const ns = rows(page).filter({ hasText: 'ns1.lab-dns.net' })
      await expect(ns).toContainText('Hides 1')
      await expect(rows(page).filter({ hasText: 'DS' })).not.toContainText('Shadowed')
      // Its accessibility: e2e/dns.spec.ts checks this very view (name contains "lab") with every record explained.
    })
  })
})
