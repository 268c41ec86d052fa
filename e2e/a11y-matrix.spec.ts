import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test, zoneUrl } from './fixtures'

/** The screens whose accessibility was fixed, each in the state a person sees after the change. */
const SCREENS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: zoneUrl('demo', 'certificates'),
    ready: (page) => expect(page.getByRole('region', { name: 'Verdict' })).toBeVisible(),
  },
  {
    path: `${zoneUrl('demo', 'page-shield/scripts')}?review=needs`,
    ready: (page) => expect(page.getByRole('status').filter({ hasText: 'never reviewed' })).toBeVisible(),
  },
  {
    path: zoneUrl('demo', 'page-shield/policies'),
    ready: (page) => expect(page.getByText('Every page on blog.example.com')).toBeVisible(),
  },
  {
    path: zoneUrl('demo', 'logs/jobs/new'),
    ready: async (page) => {
      await page.getByRole('textbox', { name: /Destination/ }).fill('s3://acme-logs/x/{DATE}?region=us-east-1')
      await expect(page.getByRole('region', { name: /Before you create the job/ })).toBeVisible()
    },
  },
  {
    path: zoneUrl('demo', 'dns'),
    // A table from the md width, cards on a phone.
    ready: (page) =>
      expect(
        page
          .getByRole('table', { name: /DNS records/ })
          .locator('tbody tr')
          .or(page.getByRole('list', { name: /DNS records/ }).getByRole('listitem'))
          .first(),
      ).toBeVisible(),
  },
]

// Four axe runs on a page with hundreds of elements: more than the default 30 s test limit once the
// 2-core machine is busy.
test.describe.configure({ timeout: 180_000 })

// One test and one page load per screen, checked at both widths by resizing in place (the layout
// follows the width, as on a phone turned or a window narrowed). The whole rule set runs in the light
// scheme at each width; the dark scheme changes colours only, so there axe checks colour contrast
// alone (the rule a scheme can break), at each width since the components differ (a table at 1440 px,
// cards at 390 px).
for (const screen of SCREENS) {
  test(`no serious accessibility problems: ${screen.path} at 1440 and 390 px, light and dark`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(screen.path)
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      await screen.ready(page)
      await expect(page.locator('html')).not.toHaveClass(/dark/)
      await expectNoSeriousA11yViolations(page, `${screen.path} at ${width} px, light`)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveClass(/dark/)
      await expectNoSeriousA11yViolations(page, `${screen.path} at ${width} px, dark`, { contrastOnly: true })
    }
  })
}

// The check itself, on a page with planted faults: it must fail, in both its modes (axe runs in the
// page, no extra tab: setLegacyMode, since the app has no frames of another origin).
test('the accessibility check finds a field without a label and text without contrast', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1>' +
      '<input type="text"><p style="color:#777;background:#888">Hard to read</p></main></body></html>',
  )
  await expect(expectNoSeriousA11yViolations(page, 'planted faults')).rejects.toThrow(/label/)
  await expect(expectNoSeriousA11yViolations(page, 'planted faults', { contrastOnly: true })).rejects.toThrow(/color-contrast/)
})
