import { expect, expectNoSeriousA11yViolations, openPage, test, zoneUrl } from './fixtures'

const scripts = zoneUrl('demo', 'page-shield/scripts')

// Two journeys, each in one browser context, each screen checked by axe once in the state the journey
// leaves it in (the policy list as seeded: e2e/a11y-matrix.spec.ts). The former tests are steps, by title.
test.describe('page security', () => {
  test('scripts: malicious first, versions, a review, and the screens have no serious accessibility problems', async ({ page }) => {
    // Four page loads and four axe sweeps: about 25 s on a quiet machine, twice that in CI; 78 s seen on a
    // machine loaded ten times over.
    test.setTimeout(120_000)

    await test.step('shows malicious scripts first and opens one', async () => {
      await openPage(page, scripts)
      await page.getByRole('button', { name: 'Malicious first' }).click()
      await expect(page).toHaveURL(/malicious_first=true/)
      await expect(page.getByText(/Malicious means an integrity score below 10/)).toBeVisible()
      const table = page.getByRole('table', { name: 'Detected scripts' })
      const firstRow = table.getByRole('row').nth(1)
      // The phone layout repeats the marker in the first cell (hidden at this width): the visible one.
      await expect(firstRow.getByText(/Malicious\s*\(score \d < 10\)/).filter({ visible: true })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoSeriousA11yViolations(page, 'page-shield/scripts?malicious_first=true')
      const link = firstRow.getByRole('link').first()
      const url = await link.getAttribute('title')
      await link.click()
      await expect(page.getByRole('heading', { name: 'Script details' })).toBeVisible()
      await expect(page.getByText(url!).first()).toBeVisible()
      await expect(page.getByText(/Malicious\s*\(score \d < 10\)/).first()).toBeVisible()
      await expect(page.getByText(/below 10 the script counts as malicious/)).toBeVisible()
    })

    await test.step("reads a script's versions", async () => {
      await openPage(page, `${scripts}?urls=checkout.8f3a2c1d`)
      await page.getByRole('link', { name: /checkout\.8f3a2c1d\.js/ }).click()
      const timeline = page.getByRole('list', { name: 'Versions, oldest first' })
      await expect(timeline.getByRole('listitem')).toHaveCount(3)
      await expect(timeline.getByRole('heading', { name: 'Version 3 (current)' })).toBeVisible()
      const current = timeline.getByRole('listitem').nth(2)
      await expect(current.getByRole('row', { name: /Integrity score/ })).toContainText('4')
      await expect(current.getByText(/worse \(was 91\) — became malicious/)).toBeVisible()
      await expect(timeline.getByRole('listitem').first().getByText('first analysis').first()).toBeVisible()
      await expectNoSeriousA11yViolations(page, 'script detail')
    })

    await test.step('marks a script reviewed and sees it leave the "needs review" filter', async () => {
      // widgetly-chat: no other test reviews it (page-shield-review.spec reviews popup-offers on the same server).
      const view = `${scripts}?review=needs&urls=widgetly-chat`
      await openPage(page, view)
      const table = page.getByRole('table', { name: 'Detected scripts' })
      await expect(table.getByText('Not reviewed').filter({ visible: true })).toBeVisible()
      await table.getByRole('link', { name: /widgetly-chat/ }).click()
      await page.getByRole('button', { name: 'Mark as expected' }).click()
      const dialog = page.getByRole('dialog', { name: 'Review this script' })
      await dialog.getByLabel('Note').fill('Support chat widget, approved by the web team')
      await dialog.getByRole('button', { name: 'Save review' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('list', { name: 'Review history, newest first' })).toContainText('Local administrator')

      await openPage(page, view)
      await expect(page.getByText('Nothing needs review here')).toBeVisible()
      await page.getByRole('navigation', { name: 'Page security' }).getByRole('link', { name: 'Review ledger' }).click()
      await expect(page.getByRole('table', { name: 'Latest review of each script' })).toContainText(
        'Support chat widget, approved by the web team',
      )
    })

    await test.step('the cookies screen has no serious accessibility problems', async () => {
      await page.getByRole('navigation', { name: 'Page security' }).getByRole('link', { name: 'Cookies' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible()
      await expect(page.getByRole('table', { name: 'Detected cookies' }).getByRole('row').nth(1)).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoSeriousA11yViolations(page, 'page-shield/cookies')
    })
  })

  test('policies and monitoring: a policy from suggestions, a zone-wide one, and the monitoring switch', async ({ page, request }) => {
    // Two page loads and two axe sweeps: about 20 s on a quiet machine, twice that in CI.
    test.setTimeout(90_000)
    // Written before the policy list is first read, so that list shows it next to the one made below.
    const res = await request.post(`/api/v4${zoneUrl('demo', 'page_shield/policies')}`, {
      headers: { 'X-Zonekeeper-Request': '1' },
      data: { action: 'log', description: 'E2E zone-wide report', enabled: false, expression: 'true', value: "script-src 'self'" },
    })
    expect(res.status()).toBe(200)

    await test.step('creates a policy from suggestions and sees the draft check', async () => {
      await openPage(page, zoneUrl('demo', 'page-shield/policies/new'))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      await expectNoSeriousA11yViolations(page, 'page-shield/policies/new')
      await page.getByLabel('Description').fill('E2E checkout lock-down')
      await page.getByRole('radio', { name: /Allow: browsers block/ }).check()
      await page.getByLabel('www.example.com').check()
      await page.getByLabel('Only pages whose path starts with').fill('/checkout')
      await page.getByRole('button', { name: 'Suggest sources' }).click()
      const panel = page.getByRole('region', { name: 'Suggested sources for script-src' })
      await expect(panel.getByText(/on the pages this policy covers/)).toBeVisible()
      const leftOut = panel.getByRole('note', { name: 'Left out' })
      await expect(leftOut).toContainText('static.paymentsecure-cdn.xyz')
      await expect(leftOut).toContainText('integrity score 2 (below 10)')
      await expect(panel.getByLabel('js.stripe.com')).toBeChecked()
      await panel.getByRole('button', { name: /^Add \d+ sources?$/ }).click()
      await expect(page.getByRole('list', { name: 'Sources of script-src' })).toContainText('js.stripe.com')

      await page.getByRole('button', { name: 'Check this draft' }).click()
      const result = page.getByRole('status').filter({ hasText: 'This draft would block' })
      // Only script-src: connections are not governed at all, and the check says so instead of counting 0.
      await expect(result).toContainText(/This draft would block \d+ scripts? on \d+ pages?\. It does not govern connections/)
      const governs = result.getByRole('definition')
      await expect(governs.first()).toHaveText('Governed by script-src.')
      await expect(governs.nth(1)).toContainText('Not governed: the draft has no connect-src and no default-src')
      const stillAllowed = page.getByRole('alert').filter({ hasText: 'Still allowed although malicious' })
      await expect(stillAllowed).toContainText('not governed: the draft has no connect-src and no default-src')
      await expect(stillAllowed).not.toContainText("such as 'self'")
      const blocked = page.getByRole('list', { name: 'Would not be allowed' })
      await expect(blocked).toContainText('https://static.paymentsecure-cdn.xyz/js/pay-form.js')
      await expect(blocked).toContainText('www.example.com/checkout')
      await expect(blocked).not.toContainText('js.stripe.com')

      await page.getByRole('button', { name: 'Create policy' }).click()
      await expect(page.getByRole('heading', { name: 'Policies', exact: true })).toBeVisible()
      const created = page.getByRole('listitem').filter({ hasText: 'E2E checkout lock-down' })
      await expect(created).toContainText('Blocking: only listed sources load')
      await expect(created).not.toContainText('Allow: blocks the rest')
      await expect(created).toContainText('Pages on www.example.com whose path starts with /checkout')
      await expect(created).toContainText('starts_with(http.request.uri.path, "/checkout")')
    })

    await test.step('a policy for the whole zone says "Every page of the zone", not "true"', async () => {
      const item = page.getByRole('listitem').filter({ hasText: 'E2E zone-wide report' })
      await expect(item.getByRole('definition').first()).toHaveText('Every page of the zone')
      await expect(item).not.toContainText('true')
    })

    await test.step('toggles monitoring', async () => {
      await page.getByRole('navigation', { name: 'Page security' }).getByRole('link', { name: 'Overview' }).click()
      const monitoring = page.getByRole('switch', { name: 'Monitoring: on' })
      await expect(monitoring).toBeChecked()
      await page.waitForLoadState('networkidle')
      await expectNoSeriousA11yViolations(page, 'page-shield')
      await monitoring.click()
      const dialog = page.getByRole('dialog', { name: 'Switch monitoring off?' })
      await expect(dialog).toContainText('stops new detections')
      await expect(dialog).toContainText('does not switch your policies off')
      await dialog.getByRole('button', { name: 'Switch monitoring off' }).click()
      await expect(page.getByRole('switch', { name: 'Monitoring: off' })).not.toBeChecked()
      const api = await request.get(`/api/v4${zoneUrl('demo', 'page_shield')}`)
      expect((await api.json()).result.enabled).toBe(false)
      await page.reload()
      await page.getByRole('switch', { name: 'Monitoring: off' }).click()
      await expect(page.getByRole('switch', { name: 'Monitoring: on' })).toBeChecked()
      expect((await (await request.get(`/api/v4${zoneUrl('demo', 'page_shield')}`)).json()).result.enabled).toBe(true)
    })
  })
})
