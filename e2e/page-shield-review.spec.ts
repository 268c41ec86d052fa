import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

const scripts = zoneUrl('demo', 'page-shield/scripts')
const table = (page: Page) => page.getByRole('table', { name: 'Detected scripts' })

async function review(page: Page, button: string, note: string) {
  await page.getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog', { name: 'Review this script' })
  await dialog.getByLabel('Note').fill(note)
  await dialog.getByRole('button', { name: 'Save review' }).click()
  await expect(dialog).toBeHidden()
}

test.describe('page security: the reviewer workflow', () => {
  // One browser context for the three parts; each reviews a different script. The former tests are steps, by title.
  test('a reviewer records verdicts, tells new from changed, exports, and filters malicious scripts', async ({ page, request }) => {
    // Four page loads and a download: about 25 s on a quiet machine, twice that in CI.
    test.setTimeout(90_000)
    await test.step('records "Malicious: remove" with next steps, and keeps the verdict history of the script', async () => {
      await openPage(page, `${scripts}?urls=pay-form`)
      await table(page).getByRole('link', { name: /pay-form\.js/ }).click()
      await review(page, 'Mark for investigation', 'Unknown payment form script')
      await review(page, 'Malicious: remove', 'Skimmer: posts card fields to a look-alike domain')
      const next = page.getByRole('region', { name: 'Malicious: what to do next' })
      await expect(next).toContainText('Remove it')
      await expect(next.getByRole('link', { name: 'create a policy' })).toHaveAttribute('href', /page-shield\/policies\/new$/)
      const history = page.getByRole('list', { name: 'Review history, newest first' }).getByRole('listitem')
      await expect(history).toHaveCount(2)
      await expect(history.first()).toContainText('Malicious: remove — Local administrator')
      await expect(history.nth(1)).toContainText('Investigate — Local administrator')
      // The ledger filters on the new verdict too.
      await openPage(page, `${zoneUrl('demo', 'page-shield/reviews')}?verdict=malicious`)
      await expect(page.getByRole('table', { name: 'Latest review of each script' })).toContainText('Skimmer: posts card fields')
    })

    await test.step('tells "never reviewed" from "changed since its review", with counts, and exports what is on screen', async () => {
      // A script reviewed, then changed by its vendor (the sandbox's simulated activity: a new code fingerprint).
      const found = await request.get(`/api/v4/zones/${SEED_ZONES.demo.id}/page_shield/scripts?urls=popup-offers`)
      const matches = (await found.json()).result as { id: string; url: string }[]
      expect(matches.map((s) => s.url)).toEqual([expect.stringContaining('popup-offers')])
      const scriptId = matches[0].id
      const res = await request.post(`/api/local${zoneUrl('demo', 'page-shield/reviews')}`, {
        headers: { 'X-Zonekeeper-Request': '1' },
        data: { script_id: scriptId, verdict: 'expected', note: 'Marketing pop-up, approved' },
      })
      expect(res.status()).toBe(201)
      const changedByVendor = await request.post('/api/sandbox/page-shield/activity', {
        headers: { 'X-Zonekeeper-Request': '1' },
        data: { zone_id: SEED_ZONES.demo.id, kind: 'hash-change', script_id: scriptId },
      })
      expect(changedByVendor.status(), await changedByVendor.text()).toBe(200)

      await openPage(page, `${scripts}?review=needs`)
      const status = page.getByRole('status').filter({ hasText: /match(es)? these filters/ })
      await expect(status).toContainText(/Review: [\d,]+ never reviewed, 1 changed since their review,/)
      const changed = page.getByRole('button', { name: 'Changed since review (1)' })
      await changed.click()
      await expect(page).toHaveURL(/review=changed/)
      await expect(table(page).getByRole('row')).toHaveCount(2)
      await expect(table(page)).toContainText('Changed since review')
      await page.getByRole('button', { name: /^Never reviewed \(\d+\)$/ }).click()
      await expect(page).toHaveURL(/review=new/)
      await expect(table(page)).not.toContainText('popup-offers')

      // The CSV holds the rows this view shows (every page of it), with the review columns.
      await page.getByRole('button', { name: 'Needs review', exact: true }).click()
      const shown = Number((await status.textContent())!.match(/^([\d,]+) script/)![1].replace(/,/g, ''))
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
      const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n')
      expect(lines[0]).toContain('page,first_seen_at,last_seen_at,review_state,verdict,reviewer,reviewed_at,note')
      expect(lines).toHaveLength(shown + 1)
      expect(lines.find((l) => l.includes('popup-offers'))).toContain('changed since its review: its code changed since')
      expect(lines.find((l) => l.includes('popup-offers'))).toContain('Expected,Local administrator') // the signed-in person (nobody defined: the local administrator)
    })

    await test.step('"Malicious only" is a filter in the URL; "← Scripts" returns to the exact view', async () => {
      await page.getByRole('navigation', { name: 'Page security' }).getByRole('link', { name: 'Overview' }).click()
      const tile = page.getByRole('link', { name: /Malicious active scripts/ })
      // The tile shows its number once the scripts are read: wait for it before reading it.
      await expect(tile.locator('span').first()).toHaveText(/^\s*\d+\s*$/)
      const count = Number((await tile.locator('span').first().textContent())!.trim())
      await tile.click()
      await expect(page).toHaveURL(/malicious_only=true/)
      await expect(page.getByRole('button', { name: /Malicious only/ })).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByRole('button', { name: 'Malicious first' })).toHaveAttribute('aria-pressed', 'false')
      const rows = table(page).getByRole('row')
      await expect(rows).toHaveCount(count + 1)
      for (const row of await rows.all().then((r) => r.slice(1))) await expect(row.getByText(/Malicious\s*\(score \d < 10\)/).filter({ visible: true })).toBeVisible()

      await page.getByRole('button', { name: 'Malicious first' }).click()
      await expect(page).toHaveURL(/malicious_first=true/)
      const view = page.url()
      await rows.nth(1).getByRole('link').first().click()
      await expect(page.getByRole('heading', { name: 'Script details' })).toBeVisible()
      await page.getByRole('link', { name: '← Scripts' }).click()
      await expect(page).toHaveURL(view)
      await expect(page.getByRole('button', { name: /Malicious only/ })).toHaveAttribute('aria-pressed', 'true')

      // An older bookmark's malicious_only=1 opens the same view (the index route reads 1 and true alike).
      await openPage(page, `${scripts}?malicious_only=1`)
      await expect(page.getByRole('button', { name: /Malicious only/ })).toHaveAttribute('aria-pressed', 'true')
      await expect(rows).toHaveCount(count + 1)
    })
  })
})
