import { expect, expectNoSeriousA11yViolations, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

// Opens the scale-test zones (bigcorp-records.com, shop-scale.io): a worker with the whole demo data.
test.use({ seed: 'scale' })

const ALL = ['bigcorp-records.com', 'example.com', 'newshop.dev', 'old-brand.net', 'shop-scale.io']

const zoneNames = (page: import('@playwright/test').Page) => page.getByRole('table', { name: 'Zones' }).locator('tbody tr td:first-child a')

test.describe('zones list', () => {
  test('lists every zone with status, plan and total', async ({ page }) => {
    await openPage(page, '/zones')
    await expect(zoneNames(page)).toHaveText(ALL)
    await expect(page.getByText('Showing 1–5 of 5 zones')).toBeVisible()
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'newshop.dev' }) })
    await expect(row).toContainText('Pending')
    await expect(row).toContainText('Free Website')
  })

  test('name search and status filter are in the URL and survive a reload', async ({ page }) => {
    await openPage(page, '/zones')
    await page.getByLabel('Zone name contains').fill('SHOP')
    await expect(page).toHaveURL(/name=SHOP/)
    await expect(zoneNames(page)).toHaveText(['newshop.dev', 'shop-scale.io'])

    await page.getByLabel('Status').selectOption('active')
    await expect(page).toHaveURL(/status=active/)
    await expect(zoneNames(page)).toHaveText(['shop-scale.io'])

    await page.reload()
    await expect(page.getByLabel('Zone name contains')).toHaveValue('SHOP')
    await expect(page.getByLabel('Status')).toHaveValue('active')
    await expect(zoneNames(page)).toHaveText(['shop-scale.io'])

    await page.getByRole('button', { name: 'Clear filters (2)' }).click()
    await expect(zoneNames(page)).toHaveText(ALL)
    await expect(page).not.toHaveURL(/name=|status=/)

    await page.getByLabel('Zone name contains').fill('nothing-like-this')
    await expect(page.getByText('No zone matches these filters')).toBeVisible()
  })

  test('sorting is done by the API and kept in the URL', async ({ page }) => {
    await openPage(page, '/zones')
    const status = page.getByRole('columnheader', { name: 'Status' })
    await status.getByRole('button').click()
    await expect(page).toHaveURL(/order=status/)
    await expect(status).toHaveAttribute('aria-sort', 'ascending')
    await expect(page.getByRole('table', { name: 'Zones' }).locator('tbody tr').first()).toContainText('Active')
    await status.getByRole('button').click()
    await expect(status).toHaveAttribute('aria-sort', 'descending')
    await expect(page).toHaveURL(/direction=desc/)
    await page.reload()
    await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending')
    const firstStatus = await page.getByRole('table', { name: 'Zones' }).locator('tbody tr').first().locator('td').nth(1).innerText()
    expect(firstStatus).toBe('Pending')

    await page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button').click()
    await page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button').click()
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'descending')
    await expect(zoneNames(page)).toHaveText([...ALL].reverse())
  })

  test('pages are asked of the API, and the page is kept in the URL', async ({ page }) => {
    // The sandbox has 5 zones; pretend the account has 45 so there are pages to move between.
    const asked: string[] = []
    await page.route('**/api/v4/zones?*', async (route) => {
      asked.push(new URL(route.request().url()).searchParams.get('page') ?? '')
      // A request the page gives up on meanwhile (a reload, a page left before its answer) is
      // disposed under the handler: nothing to rewrite then.
      try {
        const res = await route.fetch()
        const body = await res.json()
        body.result_info = { ...body.result_info, total_count: 45, total_pages: 3 }
        await route.fulfill({ response: res, json: body })
      } catch (err) {
        if (!/disposed|closed|aborted/i.test(String(err))) throw err
      }
    })
    await openPage(page, '/zones')
    await expect(page.getByText('Showing 1–5 of 45 zones')).toBeVisible()
    await expect(page.getByText('Page 1 of 3')).toBeVisible()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText('Page 2 of 3')).toBeVisible()
    expect(asked).toContain('2')
    await page.reload()
    await expect(page.getByText('Page 2 of 3')).toBeVisible()
    await page.getByLabel('Rows per page').selectOption('50')
    await expect(page).toHaveURL(/per_page=50/)
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page.getByText('Page 1 of 1')).toBeVisible()
  })

  test('bad values in the URL fall back to defaults instead of breaking the page', async ({ page }) => {
    await openPage(page, '/zones?page=-3&per_page=9999&status=deleted&order=price&direction=up')
    await expect(zoneNames(page)).toHaveText(ALL)
  })

  test('a link to a page past the end shows the last page that has rows', async ({ page }) => {
    await openPage(page, '/zones?page=999')
    await expect(zoneNames(page)).toHaveText(ALL)
    await expect(page.getByText('Showing 1–5 of 5 zones')).toBeVisible()
    await expect(page).not.toHaveURL(/page=999/)
  })
})

test.describe('zone overview', () => {
  test('shows status in plain words, name servers, plan, account, dates and record counts', async ({ page }) => {
    await openPage(page, zoneUrl('demo'))
    await expect(page.getByRole('heading', { level: 1, name: 'example.com' })).toBeVisible()
    const status = page.getByRole('region', { name: 'Status' })
    await expect(status).toContainText('Active')
    await expect(status).toContainText('The service answers DNS for this zone')
    const details = page.locator('dl')
    await expect(details).toContainText('ada.ns.cloudflare.com')
    await expect(details).toContainText('ivan.ns.cloudflare.com')
    await expect(details).toContainText('Pro Website')
    await expect(details).toContainText('Acme Corporation')
    await expect(details).toContainText(SEED_ZONES.demo.id)
    await expect(details.getByText('Activated').locator('..').locator('..')).not.toContainText('Not yet')

    const byType = page.getByRole('table', { name: 'DNS records by type' })
    await expect(byType).toBeVisible()
    // The counts agree with the DNS API itself.
    const api = await page.request.get(`/api/v4/zones/${SEED_ZONES.demo.id}/dns_records?type=A&per_page=1`)
    const aCount = (await api.json()).result_info.total_count as number
    await expect(byType.getByRole('row', { name: /^A\b/ })).toContainText(String(aCount))
  })

  test('a pending zone says what to do at the registrar', async ({ page }) => {
    await openPage(page, zoneUrl('pending'))
    const status = page.getByRole('region', { name: 'Status' })
    await expect(status).toContainText('Pending')
    await expect(status).toContainText('Porkbun LLC')
    await expect(status).toContainText('amy.ns.cloudflare.com')
    await expect(page.locator('dl')).toContainText('Not yet')
  })

  test('a moved zone says how to keep it', async ({ page }) => {
    await openPage(page, zoneUrl('moved'))
    const status = page.getByRole('region', { name: 'Status' })
    await expect(status).toContainText('Moved')
    await expect(status).toContainText('To keep this zone, sign in at your registrar')
    await expect(status).toContainText('beth.ns.cloudflare.com')
  })

  test('links into each area of this zone', async ({ page }) => {
    await openPage(page, zoneUrl('large'))
    const areas = page.getByRole('region', { name: 'Manage this zone' })
    for (const [name, path] of [
      ['DNS records', 'dns'],
      ['Certificates', 'certificates'],
      ['Page security', 'page-shield'],
      ['Log fields', 'logs'],
      ['Firewall rules', 'firewall'],
    ]) {
      await expect(areas.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', `${zoneUrl('large')}/${path}`)
    }
    await areas.getByRole('link', { name: /^DNS records/ }).click()
    await expect(page).toHaveURL(new RegExp(`${zoneUrl('large')}/dns`))
  })
})

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`zones pages have no serious or critical axe violations (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      await openPage(page, '/zones')
      await expect(zoneNames(page)).toHaveCount(5)
      await expectNoSeriousA11yViolations(page, `/zones (${theme})`)
      await openPage(page, zoneUrl('demo'))
      await expect(page.getByRole('table', { name: 'DNS records by type' })).toBeVisible()
      await expectNoSeriousA11yViolations(page, `zone overview (${theme})`)
      await openPage(page, zoneUrl('pending'))
      await expect(page.getByRole('region', { name: 'Status' })).toBeVisible()
      await expectNoSeriousA11yViolations(page, `pending zone overview (${theme})`)
    })
  }
})
