import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test, zoneUrl } from './fixtures'

/** The screens issue 13 changed, each in the state a person sees after the change. */
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
    // A table from the md width, cards on a phone (issue 29, item 11).
    ready: (page) =>
      expect(page.getByRole('table', { name: /DNS records/ }).locator('tbody tr').or(page.getByRole('list', { name: /DNS records/ }).getByRole('listitem')).first()).toBeVisible(),
  },
]

// A full axe run and a contrast run on a page with hundreds of elements take 20-30 s on the 2-core machine: more than
// the default 30 s test limit once the machine is busy.
test.describe.configure({ timeout: 90_000 })

// One test per screen and width. The whole rule set runs once, in the light scheme; the dark scheme
// changes colours only, so there axe checks colour contrast alone (the rules a scheme can break),
// after switching the scheme in place instead of loading the page again.
for (const width of [1440, 390]) {
  for (const screen of SCREENS) {
    test(`no serious accessibility problems: ${screen.path} at ${width} px, light and dark`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(screen.path)
      await screen.ready(page)
      await expect(page.locator('html')).not.toHaveClass(/dark/)
      await expectNoSeriousA11yViolations(page, `${screen.path} at ${width} px, light`)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveClass(/dark/)
      await expectNoSeriousA11yViolations(page, `${screen.path} at ${width} px, dark`, { contrastOnly: true })
    })
  }
}
