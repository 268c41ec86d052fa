import { expect, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

test.describe('the dashboard shell', () => {
  // One browser for the whole shell: each step opens the page it needs (a context per check cost more
  // than most checks). The sandbox reset comes last: it restores what the others read.
  test('navigation, theme, zone switcher, keyboard focus and the sandbox reset', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000)
    await test.step('every area is reachable from the navigation, zone areas for the current zone', async () => {
      await page.goto('/')
      await expect(page).toHaveURL(/\/zones$/)
      const nav = page.getByRole('navigation', { name: 'Main' })
      await expect(nav.getByRole('link', { name: 'Zones' })).toHaveAttribute('aria-current', 'page')
      // Zone areas need a zone: until one is opened they are not links.
      await expect(nav.getByRole('link', { name: 'DNS records' })).toHaveCount(0)

      await page.getByRole('link', { name: 'example.com' }).click()
      await expect(page).toHaveURL(zoneUrl('demo'))
      await expect(page.getByRole('heading', { level: 1, name: 'example.com' })).toBeVisible()

      // Each area's page is built by its own team; the shell's job is to get there with the zone in the URL.
      const areas: [string, string][] = [
        ['DNS records', 'dns'],
        ['Certificates', 'certificates'],
        ['Page security', 'page-shield'],
        ['Log fields', 'logs'],
        ['Firewall rules', 'firewall'],
      ]
      for (const [link, path] of areas) {
        await nav.getByRole('link', { name: link }).click()
        await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo')}/${path}`))
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0)
        await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page')
      }
      for (const [link, path] of [
        ['Load balancing', '/load-balancing'],
        ['Invites', '/invites'],
      ]) {
        await nav.getByRole('link', { name: link }).click()
        await expect(page).toHaveURL(new RegExp(`${path}$`))
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(nav.getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page')
      }
      // From an account page, zone areas still open the zone last visited.
      await expect(nav.getByText(`Zone: ${SEED_ZONES.demo.name}`)).toBeVisible()
      await nav.getByRole('link', { name: 'DNS records' }).click()
      await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo')}/dns`))
    })
    await test.step('the theme follows the system, can be switched, and is remembered', async () => {
      await page.emulateMedia({ colorScheme: 'dark' })
      await openPage(page, '/zones')
      const html = page.locator('html')
      await expect(html).toHaveClass(/dark/)
      await page.emulateMedia({ colorScheme: 'light' })
      await expect(html).not.toHaveClass(/dark/)

      await page.getByRole('button', { name: 'Dark theme' }).click()
      await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true')
      await expect(html).toHaveClass(/dark/)
      await page.reload()
      await expect(html).toHaveClass(/dark/)

      await page.getByRole('button', { name: 'Light theme' }).click()
      await expect(html).not.toHaveClass(/dark/)
      await page.reload()
      await expect(html).not.toHaveClass(/dark/)

      await page.getByRole('button', { name: 'System theme' }).click()
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(html).toHaveClass(/dark/)
    })
    await test.step('the zone switcher finds zones by name and keeps the area', async () => {
      await openPage(page, zoneUrl('demo', 'dns'))
      const box = page.getByRole('combobox', { name: 'Switch zone' })
      await expect(box).toHaveAttribute('placeholder', 'Zone: example.com')
      await box.fill('newshop')
      const option = page.getByRole('option', { name: SEED_ZONES.pending.name })
      await expect(option).toBeVisible()
      await expect(page.getByRole('listbox', { name: 'Switch zone' }).getByRole('option')).toHaveCount(1)
      await option.click()
      await expect(page).toHaveURL(new RegExp(`${zoneUrl('pending')}/dns`))

      // Keyboard: type, arrow down, Enter (newshop.dev, old-brand.net: the second).
      await box.fill('n')
      await expect(page.getByRole('listbox', { name: 'Switch zone' }).getByRole('option')).toHaveCount(2)
      await box.press('ArrowDown')
      await box.press('Enter')
      await expect(page).toHaveURL(new RegExp(`${zoneUrl('moved')}/dns`))

      await box.fill('no-such-zone')
      await expect(page.getByText('No zone name contains “no-such-zone”.')).toBeVisible()
      await box.press('Escape')
      await expect(page.getByRole('listbox')).toHaveCount(0)
    })
    // Unknown addresses (a not-found page with the way back, the switcher not waiting for a zone) and
    // API errors (code and message in plain words, Retry, the switcher's "not found", an unreachable
    // API) are single-screen rules: src/app/not-found-and-errors.screen.test.tsx.
    await test.step('keyboard users can skip to the content and see where focus is', async () => {
      await openPage(page, '/zones')
      await page.keyboard.press('Tab')
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).toBeFocused()
      await expect(skip).toBeVisible()
      await page.keyboard.press('Enter')
      await expect(page.locator('#main-content')).toBeFocused()
      await page.keyboard.press('Tab')
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
      expect(outline).not.toBe('none')
    })
    await test.step('the sandbox badge shows, and Reset sandbox asks first, then restores the demo data', async () => {
      const zone = SEED_ZONES.pending
      const path = `/api/v4/zones/${zone.id}/dns_records`
      const before = (await (await request.get(`${path}?per_page=1`)).json()).result_info.total_count as number
      const created = await request.post(path, {
        headers: { 'X-Zonekeeper-Request': '1' },
        data: { type: 'A', name: `reset-check.${zone.name}`, content: '192.0.2.55', ttl: 1, proxied: false },
      })
      expect(created.ok(), await created.text()).toBeTruthy()

      await openPage(page, zoneUrl('pending'))
      await expect(page.getByText('Sandbox', { exact: true })).toBeVisible()
      await expect(page.getByLabel(`${before + 1} records`)).toBeVisible()

      await page.getByRole('button', { name: 'Reset sandbox' }).click()
      const dialog = page.getByRole('dialog', { name: 'Reset the sandbox?' })
      await expect(dialog).toContainText('demo data restored')
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(page.getByLabel(`${before + 1} records`)).toBeVisible()

      await page.getByRole('button', { name: 'Reset sandbox' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Reset sandbox' }).click()
      await expect(page.getByRole('dialog')).toContainText('Restoring the demo data')
      // Re-seeding every area takes seconds (tens of seconds with the scale-test zones).
      await expect(page.getByRole('status').filter({ hasText: 'Sandbox reset' })).toBeVisible({ timeout: 45_000 })
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.getByLabel(`${before} records`)).toBeVisible()
    })
  })
})
