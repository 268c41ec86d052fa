import { expect, openPage, test, zoneUrl } from './fixtures'

test.describe('polish', () => {
  test('the server answers 404 for paths no page matches and for unknown zones, and still shows the not-found page', async ({ page, request }) => {
    expect((await request.get(zoneUrl('demo', 'dns'))).status()).toBe(200)
    expect((await request.get('/zones')).status()).toBe(200)
    for (const path of ['/no-such-page', '/zones/not-a-zone-id', `/zones/${'0'.repeat(32)}`, `${zoneUrl('demo')}/no-such-area`]) {
      expect((await request.get(path)).status(), path).toBe(404)
    }
    const res = await page.goto('/no-such-page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await openPage(page, '/zones')
  })

  test('while the first page loads, the table footer says "Loading…", not "No records"', async ({ page }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/v4/zones/*/dns_records?**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(zoneUrl('demo', 'dns'))
    const table = page.getByRole('table', { name: /DNS records/ })
    const footer = page.getByText(/^(Loading…|No records|Showing .*)$/).last()
    await expect(footer).toHaveText('Loading…')
    await expect(page.getByText('No records', { exact: true })).toHaveCount(0)
    release()
    await expect(page.getByText(/^Showing 1–\d+ of \d+ records$/)).toBeVisible()
    await expect(table).toBeVisible()
  })

  test('the zone switcher closes when Tab moves focus away, and on Escape', async ({ page }) => {
    await openPage(page, zoneUrl('demo', 'dns'))
    const box = page.getByRole('combobox', { name: 'Switch zone' })
    await box.focus()
    await expect(page.getByRole('listbox')).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await box.focus()
    await box.fill('big')
    await expect(page.getByRole('listbox')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('listbox')).toHaveCount(0)
  })

  test('with monitoring off, every page-security page says so', async ({ page, request }) => {
    const settings = `/api/v4${zoneUrl('demo', 'page_shield')}`
    const write = { 'X-Zonekeeper-Request': '1' }
    expect((await request.put(settings, { headers: write, data: { enabled: false } })).ok()).toBeTruthy()
    try {
      for (const area of ['page-shield', 'page-shield/scripts', 'page-shield/connections', 'page-shield/cookies', 'page-shield/policies', 'page-shield/reviews']) {
        await openPage(page, zoneUrl('demo', area))
        await expect(page.getByRole('status').filter({ hasText: 'Monitoring is off.' })).toBeVisible()
      }
      await expect(page.getByRole('link', { name: 'Switch it on in Overview' })).toBeVisible()
    } finally {
      await request.put(settings, { headers: write, data: { enabled: true } })
    }
    await openPage(page, zoneUrl('demo', 'page-shield/scripts'))
    await expect(page.getByRole('heading', { level: 1, name: 'Scripts' })).toBeVisible()
    await expect(page.getByText('Monitoring is off.')).toHaveCount(0)
  })
})
