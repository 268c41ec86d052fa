import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

const scripts = zoneUrl('demo', 'page-shield/scripts')
const table = (page: Page) => page.getByRole('table', { name: 'Detected scripts' })

test.describe('page security: the reviewer workflow', () => {
  // One browser context for the three parts; each reviews a different script. The former tests are steps, by title.
  test('a reviewer records verdicts, tells new from changed, exports, and filters malicious scripts', async ({ page, request }) => {
    // Two page loads and a download.
    test.setTimeout(90_000)
    // "Malicious: remove" with its next steps, the verdict history newest first and the ledger's verdict
    // filter are one screen each: src/features/page-shield/components/review-dialog.screen.test.tsx.
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

      // An older bookmark's malicious_only=1 opening the same view: src/features/page-shield/api/index-queries.test.ts.
    })
  })
})
