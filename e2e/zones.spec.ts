import { expect, expectNoSeriousA11yViolations, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

// The small demo data (no scale-test zones): three zones, every status the overview explains.
const ALL = ['example.com', 'newshop.dev', 'old-brand.net']

const zoneNames = (page: import('@playwright/test').Page) =>
  page.getByRole('table', { name: 'Zones' }).locator('tbody tr td:first-child a')

test.describe('zones list', () => {
  // One test, one browser: each step opens the page it needs.
  test('lists, filters, sorts and reads odd URLs', async ({ page }) => {
    test.setTimeout(90000)
    await test.step('lists every zone with status, plan and total', async () => {
      await openPage(page, '/zones')
      await expect(zoneNames(page)).toHaveText(ALL)
      await expect(page.getByText('Showing 1–3 of 3 zones')).toBeVisible()
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'newshop.dev' }) })
      await expect(row).toContainText('Pending')
      await expect(row).toContainText('Free Website')
    })
    await test.step('name search and status filter are in the URL and survive a reload', async () => {
      await openPage(page, '/zones')
      await page.getByLabel('Zone name contains').fill('N')
      await expect(page).toHaveURL(/name=N/)
      await expect(zoneNames(page)).toHaveText(['newshop.dev', 'old-brand.net'])

      await page.getByLabel('Status').selectOption('moved')
      await expect(page).toHaveURL(/status=moved/)
      await expect(zoneNames(page)).toHaveText(['old-brand.net'])

      await page.reload()
      await expect(page.getByLabel('Zone name contains')).toHaveValue('N')
      await expect(page.getByLabel('Status')).toHaveValue('moved')
      await expect(zoneNames(page)).toHaveText(['old-brand.net'])

      await page.getByRole('button', { name: 'Clear filters (2)' }).click()
      await expect(zoneNames(page)).toHaveText(ALL)
      await expect(page).not.toHaveURL(/name=|status=/)

      await page.getByLabel('Zone name contains').fill('nothing-like-this')
      await expect(page.getByText('No zone matches these filters')).toBeVisible()
    })
    await test.step('sorting is done by the API and kept in the URL', async () => {
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
      const firstStatus = await page
        .getByRole('table', { name: 'Zones' })
        .locator('tbody tr')
        .first()
        .locator('td')
        .nth(1)
        .innerText()
      expect(firstStatus).toBe('Pending')

      await page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button').click()
      await page.getByRole('columnheader', { name: 'Name', exact: true }).getByRole('button').click()
      await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute('aria-sort', 'descending')
      await expect(zoneNames(page)).toHaveText([...ALL].reverse())
    })
    await test.step('bad values in the URL fall back to defaults instead of breaking the page', async () => {
      await openPage(page, '/zones?page=-3&per_page=9999&status=deleted&order=price&direction=up')
      await expect(zoneNames(page)).toHaveText(ALL)
    })
    await test.step('a link to a page past the end shows the last page that has rows', async () => {
      await openPage(page, '/zones?page=999')
      await expect(zoneNames(page)).toHaveText(ALL)
      await expect(page.getByText('Showing 1–3 of 3 zones')).toBeVisible()
      await expect(page).not.toHaveURL(/page=999/)
    })
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
    await expect(page.getByText('Showing 1–3 of 45 zones')).toBeVisible()
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
})

test.describe('zone overview', () => {
  test('explains each status and links into each area', async ({ page }) => {
    test.setTimeout(90000)
    await test.step('shows status in plain words, name servers, plan, account, dates and record counts', async () => {
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
    await test.step('a pending zone says what to do at the registrar', async () => {
      await openPage(page, zoneUrl('pending'))
      const status = page.getByRole('region', { name: 'Status' })
      await expect(status).toContainText('Pending')
      await expect(status).toContainText('Porkbun LLC')
      await expect(status).toContainText('amy.ns.cloudflare.com')
      await expect(page.locator('dl')).toContainText('Not yet')
    })
    await test.step('a moved zone says how to keep it', async () => {
      await openPage(page, zoneUrl('moved'))
      const status = page.getByRole('region', { name: 'Status' })
      await expect(status).toContainText('Moved')
      await expect(status).toContainText('To keep this zone, sign in at your registrar')
      await expect(status).toContainText('beth.ns.cloudflare.com')
    })
    await test.step('links into each area of this zone', async () => {
      await openPage(page, zoneUrl('demo'))
      const areas = page.getByRole('region', { name: 'Manage this zone' })
      for (const [name, path] of [
        ['DNS records', 'dns'],
        ['Certificates', 'certificates'],
        ['Page security', 'page-shield'],
        ['Log fields', 'logs'],
        ['Firewall rules', 'firewall'],
      ]) {
        await expect(areas.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
          'href',
          `${zoneUrl('demo')}/${path}`,
        )
      }
      await areas.getByRole('link', { name: /^DNS records/ }).click()
      await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo')}/dns`))
    })
  })
})

// The whole rule set in the light scheme; in the dark scheme colour contrast alone (the rule a scheme
// can break), switching the scheme in place instead of loading each page again.
test('zones pages have no serious or critical axe violations, light and dark', async ({ page }) => {
  test.setTimeout(90_000)
  const pages: [label: string, path: string, ready: () => Promise<void>][] = [
    ['/zones', '/zones', () => expect(zoneNames(page)).toHaveCount(3)],
    ['zone overview', zoneUrl('demo'), () => expect(page.getByRole('table', { name: 'DNS records by type' })).toBeVisible()],
    ['pending zone overview', zoneUrl('pending'), () => expect(page.getByRole('region', { name: 'Status' })).toBeVisible()],
  ]
  for (const [label, path, ready] of pages) {
    await page.emulateMedia({ colorScheme: 'light' })
    await openPage(page, path)
    await ready()
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    await expectNoSeriousA11yViolations(page, `${label} (light)`)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expectNoSeriousA11yViolations(page, `${label} (dark)`, { contrastOnly: true })
  }
})
