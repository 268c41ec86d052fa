import { expect, openPage, test, zoneUrl } from './fixtures'

/** The newcomer checklist works in the sandbox too; practice is offered there as well. */
test('in the sandbox, the header leads to the checklist and it ticks off reading a zone’s records', async ({ page }) => {
  await openPage(page, '/zones')
  await page.getByRole('link', { name: 'Newcomer checklist' }).click()
  await expect(page.getByRole('heading', { name: 'Newcomer checklist', level: 1 })).toBeVisible()
  await expect(page.getByText('shared by everyone signed in')).toBeVisible()
  // The switch to a copy of one's own is offered; no banner until it is used.
  await expect(page.getByRole('button', { name: 'Start practising' })).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Practice mode' })).toHaveCount(0)

  const find = page
    .getByRole('list', { name: 'Newcomer checklist' })
    .getByRole('listitem')
    .filter({ hasText: "Find a zone's DNS records" })
  await find.getByRole('link', { name: 'Open DNS records' }).click()
  await expect(page).toHaveURL(new RegExp(zoneUrl('demo', 'dns')))
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible()
  await page.goBack()
  await expect(find).toContainText('Done')
})
