import type { Page } from '@playwright/test'
import { expect, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

/** Issue 29, "what people expected": the record form says what the certificates and the name's two forms mean before saving. */

const dialog = (page: Page) => page.getByRole('dialog')

async function openAddForm(page: Page) {
  await openPage(page, zoneUrl('demo', 'dns'))
  await page.getByRole('button', { name: 'Add record' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Add a DNS record' })).toBeVisible()
}

test('proxying a name no certificate covers is said in the form, with the one-level wildcard rule', async ({ page }) => {
  await openAddForm(page)
  const add = dialog(page)
  const proxy = add.getByRole('switch', { name: 'Proxy status' })
  await add.getByLabel('Name').fill('deep.sub')
  await add.getByLabel('IPv4 address').fill('192.0.2.90')
  // DNS only: no certificate is involved.
  await expect(add.getByText(/No certificate on this zone covers/)).toHaveCount(0)
  await proxy.click()
  const warning = add.getByText(
    'No certificate on this zone covers deep.sub.example.com: visitors will see a certificate error.',
    { exact: false },
  )
  await expect(warning).toBeVisible()
  await expect(warning).toContainText(
    'A wildcard certificate covers one level only: *.sub.example.com would cover deep.sub.example.com; *.example.com does not.',
  )
  // The switch's description carries it for screen readers.
  await expect(proxy).toHaveAccessibleDescription(/No certificate on this zone covers deep\.sub\.example\.com/)

  // One level below the zone: *.example.com covers it.
  await add.getByLabel('Name').fill('shop2')
  await expect(add.getByText(/No certificate on this zone covers/)).toHaveCount(0)
  // Under the eu wildcard (*.eu.example.com) too.
  await add.getByLabel('Name').fill('api.eu')
  await expect(add.getByText(/No certificate on this zone covers/)).toHaveCount(0)
  // Back to an uncovered name, then DNS only again: the warning goes.
  await add.getByLabel('Name').fill('a.b.c')
  await expect(add.getByText(/No certificate on this zone covers a\.b\.c\.example\.com/)).toBeVisible()
  await proxy.click()
  await expect(add.getByText(/No certificate on this zone covers/)).toHaveCount(0)
})

test('café: the form takes the name in Unicode, the preview and the list show both forms, the stored name is punycode', async ({
  page,
}) => {
  await openAddForm(page)
  const add = dialog(page)
  await add.getByLabel('Name').fill('café')
  await expect(add.getByText('Full name: café.example.com (xn--caf-dma.example.com)')).toBeVisible()
  await add.getByLabel('IPv4 address').fill('192.0.2.91')
  await expect(add.getByText('café.example.com (xn--caf-dma.example.com) Auto A 192.0.2.91')).toBeVisible()
  await expect(add.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true')
  await add.getByRole('button', { name: 'Add record' }).click()
  await expect(add).toBeHidden()

  // Stored as the service stores it.
  const stored = (await (
    await page.request.get(`/api/v4/zones/${SEED_ZONES.demo.id}/dns_records?name=xn--caf-dma.example.com`)
  ).json()) as {
    result: { name: string; content: string }[]
  }
  expect(stored.result.map((r) => [r.name, r.content])).toEqual([['xn--caf-dma.example.com', '192.0.2.91']])

  // The list shows the readable name and the stored one.
  await page.goto(`${zoneUrl('demo', 'dns')}?name.contains=xn--caf`)
  const row = page
    .getByRole('table', { name: /^DNS records of / })
    .locator('tbody tr')
    .filter({ hasText: '192.0.2.91' })
  await expect(row).toContainText('café.example.com')
  await expect(row).toContainText('(xn--caf-dma.example.com)')
})
