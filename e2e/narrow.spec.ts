import { expect, openPage, test, zoneUrl } from './fixtures'

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('DNS filters fold behind a "Filters" button that counts the active ones', async ({ page }) => {
    await page.goto(zoneUrl('demo', 'dns'))
    const filters = page.getByRole('button', { name: /^Filters/ })
    await expect(filters).toBeVisible()
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByLabel('Type', { exact: true })).toBeHidden()
    // On a phone the records are cards (issue 29, item 11).
    await expect(page.getByRole('list', { name: /DNS records/ }).getByRole('listitem').first()).toBeVisible()
    await filters.click()
    await page.getByLabel('Type', { exact: true }).selectOption('A')
    await expect(page).toHaveURL(/type=A/)
    await page.getByRole('button', { name: 'Hide filters (1 active)' }).click()
    await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible()
    await expect(page.getByLabel('Type', { exact: true })).toBeHidden()
  })

  test('every page-security tab is on screen', async ({ page }) => {
    await page.goto(zoneUrl('demo', 'page-shield/scripts'))
    const tabs = page.getByRole('navigation', { name: 'Page security' }).getByRole('link')
    await expect(tabs).toHaveCount(7)
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport()
  })
})

test('wide windows show the filters without the button', async ({ page }) => {
  await openPage(page, zoneUrl('demo', 'dns'))
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden()
  await expect(page.getByLabel('Type', { exact: true })).toBeVisible()
})
