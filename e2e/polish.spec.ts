import type { Page } from '@playwright/test'
import { expect, openPage, test, zoneUrl } from './fixtures'

/** The zone page `area` is on: its heading, and the zone name above it (page-security tabs under it). */
async function expectZoneNameAboveTitle(page: Page, area: string) {
  const h1 = page.getByRole('heading', { level: 1 })
  await expect(h1).toBeVisible()
  const eyebrow = page.locator('main header').first().getByText('example.com', { exact: true })
  await expect(eyebrow, area).toBeVisible()
  // Polled: reached through the app's own links, the previous page's heading may still be on screen
  // for a moment and be replaced between two reads of a position.
  const above = async (upper: typeof h1, lower: typeof h1) => {
    const [u, l] = [await upper.boundingBox(), await lower.boundingBox()]
    return u && l ? u.y < l.y : null
  }
  await expect.poll(() => above(eyebrow, h1), area).toBe(true)
  if (area.startsWith('page-shield')) {
    const tabs = page.getByRole('navigation', { name: 'Page security' })
    await expect.poll(() => above(h1, tabs), area).toBe(true)
  }
}

/*
 * One test, each former test a step under its old title, in an order where each starts on the page
 * the one before left (most on the DNS page): every test used to pay a browser context and its own
 * page loads of the same screens. Moving between a zone's pages goes through the app's own links (the
 * side navigation, the page-security tabs), as a person does, instead of loading each page afresh.
 */
test('polish', async ({ page, request }) => {
  // About 20 page views, a third of them full loads: ~30 s on a quiet machine.
  test.setTimeout(120_000)
  const dns = page.getByRole('table', { name: /DNS records/ })

  await test.step('the server answers 404 for paths no page matches and for unknown zones, and still shows the not-found page', async () => {
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

  await test.step('while the first page loads, the table footer says "Loading…", not "No records"', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/v4/zones/*/dns_records?**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(zoneUrl('demo', 'dns'))
    const footer = page.getByText(/^(Loading…|No records|Showing .*)$/).last()
    await expect(footer).toHaveText('Loading…')
    await expect(page.getByText('No records', { exact: true })).toHaveCount(0)
    release()
    await expect(page.getByText(/^Showing 1–\d+ of \d+ records$/)).toBeVisible()
    await expect(dns).toBeVisible()
    await page.unrouteAll()
  })

  await test.step('Compact density is remembered, shortens rows, and long help folds after first use', async () => {
    // Before the Escape step below: the Add-record dialog opened here first shows the whole help.
    const row = dns.locator('tbody tr').nth(3)
    await expect(row).toBeVisible()
    const before = (await row.boundingBox())!.height
    await page.getByRole('button', { name: 'Compact' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-density', 'compact')
    await expect.poll(async () => (await row.boundingBox())!.height).toBeLessThan(before)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'Compact' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-density', 'comfortable')

    const dialog = page.getByRole('dialog', { name: 'Add a DNS record' })
    const name = dialog.getByRole('textbox', { name: /^Name/ })
    await page.getByRole('button', { name: 'Add record' }).first().click()
    await expect(name).toHaveAccessibleDescription(/Use letters, digits and hyphens/) // first use: the whole help
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Add record' }).first().click()
    await expect(name).not.toHaveAccessibleDescription(/Use letters, digits and hyphens/) // folded to its first sentence
    await dialog.getByRole('button', { name: 'More' }).first().click()
    await expect(name).toHaveAccessibleDescription(/Use letters, digits and hyphens/)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  await test.step('Escape in a form with typed input asks before losing it', async () => {
    await page.getByRole('button', { name: 'Add record' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add a DNS record' })
    await expect(dialog.getByLabel('Type')).toBeFocused()
    // Nothing typed yet: Escape simply closes.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Add record' }).first().click()
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('typed-by-hand')
    await page.keyboard.press('Escape')
    const ask = dialog.getByRole('alert').filter({ hasText: 'Close and lose what you typed?' })
    await expect(ask).toBeVisible()
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused()
    await ask.getByRole('button', { name: 'Keep editing' }).click()
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('typed-by-hand')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.getByRole('button', { name: 'Discard and close' }).click()
    await expect(dialog).toBeHidden()
  })

  await test.step('the zone switcher closes when Tab moves focus away, and on Escape', async () => {
    const box = page.getByRole('combobox', { name: 'Switch zone' })
    // Its own list (Tab may move on to the account switcher, which opens its list on focus).
    const list = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`)
    await box.focus()
    await expect(list).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(list).toHaveCount(0)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await box.focus()
    await box.fill('big')
    await expect(list).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(list).toHaveCount(0)
  })

  await test.step('one look for one thing: red Delete, blue proxied, one zone heading, numbers in tiles', async () => {
    const row = dns.locator('tbody tr').first()
    const color = (name: RegExp) => row.getByRole('button', { name }).evaluate((el) => getComputedStyle(el).color)
    const del = await color(/^Delete/)
    expect(del).not.toBe(await color(/^Edit/))
    expect(del).toMatch(/^oklch\(0\.5\d* 0\.\d+ 2\d/) // red-700 (hue about 27), not the grey of a ghost button
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByText('Zone: example.com')).toBeVisible()
    await openPage(page, '/zones')
    await expect(nav.getByText('Zone: example.com')).toBeVisible()
    await expect(nav.getByText('This zone')).toHaveCount(0)
    await openPage(page, zoneUrl('demo', 'page-shield'))
    const tile = page.getByRole('link', { name: /Scripts to review/ })
    await expect(tile.locator('span').first()).toHaveText(/^\d[\d,]*$/)
  })

  await test.step('every zone page puts the zone name above its title, and page-security tabs under the title', async () => {
    const nav = page.getByRole('navigation', { name: 'Main' })
    const tabs = page.getByRole('navigation', { name: 'Page security' })
    // Through the side navigation and the tabs: the same pages as a fresh load of each, without the loads.
    for (const [area, link] of [
      ['dns', nav.getByRole('link', { name: 'DNS records' })],
      ['certificates', nav.getByRole('link', { name: 'Certificates' })],
      ['logs', nav.getByRole('link', { name: 'Log fields' })],
      ['firewall', nav.getByRole('link', { name: 'Firewall rules' })],
      ['page-shield/scripts', nav.getByRole('link', { name: 'Page security' })],
      ['page-shield/policies', tabs.getByRole('link', { name: 'Policies', exact: true })],
    ] as const) {
      await link.click()
      if (area === 'page-shield/scripts') await tabs.getByRole('link', { name: 'Scripts', exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo', area)}(\\?|$)`))
      await expectZoneNameAboveTitle(page, area)
    }
  })

  // With monitoring off, every page-security page saying so (and the way to switch it on), and none
  // once it is on: src/features/page-shield/components/page-shield-layout.screen.test.tsx.
})
