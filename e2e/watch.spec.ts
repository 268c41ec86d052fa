import { expect, expectNoSeriousA11yViolations, openPage, test, zoneUrl } from './fixtures'

test.describe('script watch', () => {
  test('a person sees the alert after simulated activity and follows its link to the script', async ({ page }) => {
    test.setTimeout(60_000)
    await openPage(page, zoneUrl('demo', 'page-shield'))
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Simulate activity (sandbox)' }) })
    await card.getByLabel('What happens').selectOption('malicious-script')
    await card.getByRole('button', { name: 'Simulate activity' }).click()
    await expect(page.getByText('Activity simulated')).toBeVisible()
    await card.getByRole('link', { name: 'See alerts' }).click()
    await expect(page).toHaveURL(/\/page-shield\/alerts$/)

    // The server's own schedule finds it (no one asks for a check): one unread alert, linking to the script.
    const alert = page.getByRole('listitem', { name: /^Unread alert: Malicious script, New script: https:\/\/cdn\.skim-analytics\.example\// })
    await expect(alert).toBeVisible({ timeout: 30_000 })
    await expect(alert).toContainText('integrity 4, malware 3, card skimming 2, crypto-mining 40')
    await expect(page.getByRole('heading', { name: 'Alert channels' })).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'script alerts page')
    const link = alert.getByRole('link', { name: /cdn\.skim-analytics\.example/ })
    const scriptUrl = (await link.textContent())!.replace(/^.*?: /, '')
    await link.click()
    await expect(page).toHaveURL(/\/page-shield\/scripts\/[0-9a-f]{32}$/)
    await expect(page.getByText(scriptUrl).first()).toBeVisible()

    // Back on the alerts, the administrator acknowledges it.
    await page.goBack()
    await alert.getByRole('button', { name: 'Mark read' }).click()
    await expect(page.getByRole('listitem', { name: /^Read alert: Malicious script, New script/ })).toBeVisible()

    await test.step('the compliance report reads on a phone: summary first, no sideways scrolling at 390 px', async () => {
      const [report] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /^Open report/ }).click()])
      await report.setViewportSize({ width: 390, height: 844 })
      await expect(report.getByRole('heading', { name: 'Summary' })).toBeVisible()
      await expect(report.locator('#scope-inventory')).toContainText(/^Inventory as of \d+ \w{3} \d{4}, \d\d:\d\d UTC: /)
      await expect(report.locator('table#summary-active caption')).toContainText('Active scripts')
      // The page never scrolls sideways; a wide table scrolls inside its own labelled region.
      expect(await report.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await expect(report.getByRole('region', { name: 'Unauthorised (malicious or rejected): scripts' })).toBeVisible()
      await expectNoSeriousA11yViolations(report, 'compliance report at 390 px')
      await report.close()
    })
  })
})
