import { expect, openPage, test } from './fixtures'

test('smoke: shell renders', async ({ page }) => {
  await openPage(page, '/zones')
  await page.screenshot({ path: 'test-results/e2e/smoke-zones.png', fullPage: true })
  await expect(page.getByRole('heading', { name: 'Zones' })).toBeVisible()
})
