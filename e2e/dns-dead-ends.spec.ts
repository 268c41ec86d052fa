import type { Page } from '@playwright/test'
import { expect, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

/** Dead ends met in the DNS records page, each redone as the person did it. */

const demo = SEED_ZONES.demo
const pending = SEED_ZONES.pending
const WRITE = { 'X-Zonekeeper-Request': '1' }
const dialog = (page: Page) => page.getByRole('dialog')

/** Narrows the table to names containing `text` (the filter applies after a short pause). */
async function filterByName(page: Page, text: string) {
  await page.getByLabel('Name contains').fill(text)
  await expect(page).toHaveURL(new RegExp(`name.contains=${encodeURIComponent(text)}`))
}
const wikiRow = (page: Page) => page.getByRole('table', { name: /^DNS records of / }).locator('tbody tr').filter({ hasText: 'wiki' })

test.describe('DNS dead ends: dialogs, deletes and undo', () => {
  test.beforeAll(async ({ request }) => resetSandbox(request))
  test.afterAll(async ({ request }) => resetSandbox(request))

  // One page for the desktop checks (each was a test of its own), at 1440 px as the delete-focus check
  // needs; the example.com steps first, then the Free zone's bulk undo.
  test('on a desktop: Escape, focus after a delete, Explain and the delegation badge, bulk undo', async ({ page, request }) => {
    // Quiet, about 35 s (the undo of 250 records is the slow part); CI is twice as slow.
    test.setTimeout(150_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    await openPage(page, zoneUrl('demo', 'dns'))
    await test.step('Escape three times keeps editing, focus stays in the dialog, and "Add record" always reopens it', async () => {
      await page.getByRole('button', { name: 'Add record' }).click()
      const name = dialog(page).getByRole('textbox', { name: /^Name/ })
      await name.fill('half-typed')
      const prompt = dialog(page).getByRole('alert').filter({ hasText: 'Close and lose what you typed?' })

      await page.keyboard.press('Escape')
      await expect(prompt).toBeVisible()
      await expect(dialog(page).getByRole('button', { name: 'Keep editing' })).toBeFocused()
      await page.keyboard.press('Escape') // on the prompt: keep editing
      await expect(prompt).toBeHidden()
      await expect(name).toBeFocused()
      await page.keyboard.press('Escape') // asks again, never closes without asking
      await expect(prompt).toBeVisible()
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeVisible()
      await expect(name).toHaveValue('half-typed')
      await expect(page.locator('body')).not.toBeFocused()
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)

      // Discard on purpose: the dialog closes, and "Add record" opens a fresh one.
      if (!(await prompt.isVisible())) await page.keyboard.press('Escape')
      await dialog(page).getByRole('button', { name: 'Discard and close' }).click()
      await expect(dialog(page)).toBeHidden()
      await page.getByRole('button', { name: 'Add record' }).click()
      await expect(dialog(page).getByRole('heading', { name: 'Add a DNS record' })).toBeVisible()
      await expect(dialog(page).getByRole('textbox', { name: /^Name/ })).toHaveValue('')
      // Nothing typed: Escape closes at once, and it opens again.
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
      await page.getByRole('button', { name: 'Add record' }).click()
      await expect(dialog(page)).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
    })
    await test.step('after a delete, focus goes to the next record, else the previous one, else "Add record"', async () => {
      const names = Array.from({ length: 14 }, (_, i) => `focus-${String(i + 1).padStart(2, '0')}`)
      const res = await request.post(`/api/v4/zones/${demo.id}/dns_records/batch`, {
        headers: WRITE,
        data: { posts: names.map((name, i) => ({ type: 'A', name, content: `192.0.2.${20 + i}` })) },
      })
      expect(res.ok(), await res.text()).toBeTruthy()
      await openPage(page, `${zoneUrl('demo', 'dns')}?name.contains=focus-&order=name`)
      const del = (name: string) => page.getByRole('button', { name: `Delete A record ${name}.${demo.name}` })
      await expect(del('focus-14')).toBeVisible()

      // A row past the first twelve: focus goes to the next record's Delete button.
      await del('focus-13').click()
      await dialog(page).getByRole('button', { name: 'Delete record' }).click()
      await expect(dialog(page)).toBeHidden()
      await expect(del('focus-13')).toHaveCount(0)
      await expect(del('focus-14')).toBeFocused()
      await expect(page.getByRole('status').filter({ hasText: 'Record deleted' })).toBeVisible()
      await page.waitForTimeout(500) // the toast and the refetch have settled: focus stays
      await expect(del('focus-14')).toBeFocused()

      // The last one, by keyboard: focus goes to the previous record.
      await page.keyboard.press('Enter')
      await dialog(page).getByRole('button', { name: 'Delete record' }).click()
      await expect(del('focus-14')).toHaveCount(0)
      await expect(del('focus-12')).toBeFocused()

      // The only one shown: focus goes to "Add record".
      await filterByName(page, 'focus-01')
      await del('focus-01').click()
      await dialog(page).getByRole('button', { name: 'Delete record' }).click()
      await expect(page.getByText('No record matches these filters')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Add record', exact: true })).toBeFocused()
      await expect(page.locator('body')).not.toBeFocused()
    })
    await test.step('Explain says the shadowed record is not served and why; the badge opens from the keyboard', async () => {
      await filterByName(page, 'lab')
      await page.getByRole('button', { name: `Explain A record wiki.lab.${demo.name}` }).click()
      await expect(wikiRow(page)).toContainText(`Not served: wiki.lab.${demo.name} is delegated to other name servers`)
      await expect(wikiRow(page)).toContainText(`If it were served: visitors to wiki.lab.${demo.name} go straight to the server at 192.0.2.61`)

      const badge = wikiRow(page).getByRole('button', { name: /^Shadowed by a delegation/ })
      await badge.focus()
      await page.keyboard.press('Enter')
      await expect(badge).toHaveAttribute('aria-expanded', 'true')
      await expect(wikiRow(page)).toContainText('so they answer for it and this record is not served')
      await page.keyboard.press('Enter')
      await expect(wikiRow(page)).not.toContainText('so they answer for it and this record is not served')
    })
    await test.step('a bulk delete in several requests says it can be undone, and Undo brings every record back at once', async () => {
      // A zone on the Free plan: batch requests hold up to 200 records, so 250 go in two.
      for (const start of [0, 125]) {
        const posts = Array.from({ length: 125 }, (_, i) => ({ type: 'A', name: `undo-all-${start + i}`, content: '192.0.2.99' }))
        const res = await request.post(`/api/v4/zones/${pending.id}/dns_records/batch`, { headers: WRITE, data: { posts } })
        expect(res.ok(), await res.text()).toBeTruthy()
      }
      const count = async () =>
        ((await (await request.get(`/api/v4/zones/${pending.id}/dns_records?name.startswith=undo-all-&per_page=1`)).json()) as { result_info: { total_count: number } })
          .result_info.total_count
      expect(await count()).toBe(250)

      await openPage(page, `${zoneUrl('pending', 'dns')}?name.contains=undo-all-`)
      await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
      await page.getByRole('button', { name: 'Select all 250 matching records' }).click()
      await page.getByRole('button', { name: 'Delete selected (250)' }).click()
      const confirm = dialog(page)
      await expect(confirm).toContainText('You can undo it')
      await expect(confirm).not.toContainText('cannot be undone')
      await expect(confirm).toContainText('They go in 2 requests of up to 200')
      await confirm.getByRole('button', { name: 'Delete 250 records' }).click()
      const result = page.getByRole('dialog', { name: 'Deleted 250 records' })
      await expect(result).toContainText('Finished: 250 done, 0 failed, 0 skipped.')
      expect(await count()).toBe(0)

      await expect(result).toContainText('This can be undone: the 250 records went in 2 requests, undone together')
      await result.getByRole('button', { name: 'Undo the delete' }).click()
      await expect(result.getByRole('status').filter({ hasText: 'Undone' })).toContainText(
        'Undone: the 250 deleted records are back (2 requests undone, each recorded in the audit log).',
        // Two undo requests of 125 records each, each checked first: slow on a busy machine.
        { timeout: 30_000 },
      )
      expect(await count()).toBe(250)
      await result.getByRole('button', { name: 'Close' }).first().click()
      await expect(page.getByText('Showing 1–50 of 250 records')).toBeVisible()
    })
  })
})

test.describe('Explain and the delegation badge agree', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
    test('a tap on the badge shows what it means', async ({ page }) => {
      // The main navigation is folded away on a phone: the page is ready when its table is.
      await page.goto(`${zoneUrl('demo', 'dns')}?name.contains=lab`)
      // On a phone each record is a card.
      const wikiCard = page.getByRole('list', { name: /^DNS records of / }).getByRole('listitem').filter({ hasText: 'wiki' })
      await wikiCard.getByRole('button', { name: /^Shadowed by a delegation/ }).tap()
      await expect(wikiCard).toContainText('so they answer for it and this record is not served')
    })
  })
})
