import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test, zoneUrl } from './fixtures'

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true })

/** Goes to a page in a narrow window: the shell is there when the Menu button is. */
async function openNarrow(page: Page, path: string) {
  await page.goto(path)
  await expect(menuButton(page)).toBeVisible()
}

/** Nothing sticks out sideways: the page itself never scrolls horizontally. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
}

/*
 * One page load for every width: each former test is a step (under its old title) that starts where
 * the one before left, and the window is resized in place, as a person resizes it. Each test used to
 * pay a browser context and a load of the same zone pages. (The 390 px phone checks are in
 * phone.spec.ts.)
 */
test('narrow, tablet and wide windows: navigation behind the Menu button or in a side column', async ({ page }, testInfo) => {
  // Two axe sweeps, a dozen page views in one load: ~20 s on a quiet machine.
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 760, height: 900 })
  const menu = menuButton(page)

  await test.step('narrow windows (760 px): the Menu button opens the navigation as a drawer; Escape and a click outside close it', async () => {
    await openNarrow(page, zoneUrl('demo'))
    await expect(page.getByRole('heading', { level: 1, name: 'example.com' })).toBeVisible()
    await expect(nav(page)).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    const controls = await menu.getAttribute('aria-controls')
    expect(controls).toBeTruthy()

    // The page gets the whole width, and the top bar's controls all fit.
    const main = await page.locator('main').boundingBox()
    expect(main?.x).toBe(0)
    expect(main?.width).toBe(760)
    for (const control of [
      page.getByRole('combobox', { name: 'Switch zone' }),
      page.getByText('Sandbox', { exact: true }),
      page.getByRole('button', { name: 'Reset sandbox' }),
      page.getByRole('button', { name: 'Dark theme' }),
    ]) {
      await expect(control).toBeInViewport()
    }
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: testInfo.outputPath('narrow-760.png'), fullPage: false })
    await expectNoSeriousA11yViolations(page, 'narrow layout, menu closed')

    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toHaveAttribute('id', controls ?? '')
    await expect(nav(page)).toBeVisible()
    await expect(nav(page).getByRole('link', { name: 'Zones' })).toBeFocused()
    await page.screenshot({ path: testInfo.outputPath('narrow-760-open.png'), fullPage: false })
    await expectNoSeriousA11yViolations(page, 'narrow layout, menu open')

    await page.keyboard.press('Escape')
    await expect(nav(page)).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()

    // A click outside the drawer (on the dimmed page) closes it too.
    await menu.click()
    await expect(nav(page)).toBeVisible()
    await page.mouse.click(700, 500)
    await expect(nav(page)).toBeHidden()
    await expect(menu).toBeFocused()
    await expect(page).toHaveURL(zoneUrl('demo'))

    // So does the drawer's own Close button.
    await menu.click()
    await drawer.getByRole('button', { name: 'Close menu' }).click()
    await expect(nav(page)).toBeHidden()
    await expect(menu).toBeFocused()
  })

  await test.step('narrow windows (760 px): a keyboard user opens the menu, reaches DNS records, and lands on the DNS page', async () => {
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect(nav(page)).toBeVisible()
    const dns = nav(page).getByRole('link', { name: 'DNS records' })
    // Tab through the drawer until the DNS link has focus; the page behind is inert, so focus cannot wander off.
    for (let i = 0; i < 10 && !(await dns.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
      const inDrawer = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))
      expect(inDrawer).toBe(true)
    }
    await expect(dns).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo')}/dns`))
    await expect(page.getByRole('heading', { name: 'DNS records', level: 1 })).toBeVisible()
    await expect(nav(page)).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).toBeFocused()
    // The records table scrolls inside its card; the page does not.
    await expectNoSidewaysScroll(page)
  })

  await test.step('narrow windows (760 px): a tablet width (700 px) still fits the top bar', async () => {
    // On the DNS page the step above landed on.
    await page.setViewportSize({ width: 700, height: 900 })
    await expect(menu).toBeVisible()
    await expect(page.getByRole('heading', { name: 'DNS records', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reset sandbox' })).toBeInViewport()
    await expect(page.getByRole('button', { name: 'System theme' })).toBeInViewport()
    await expectNoSidewaysScroll(page)
    await page.screenshot({ path: testInfo.outputPath('tablet-700-dns.png'), fullPage: false })
  })

  await test.step('wide windows (1366 px): widening the window with the drawer open leaves a usable page', async () => {
    await page.setViewportSize({ width: 760, height: 900 })
    await menu.click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await page.setViewportSize({ width: 1366, height: 900 })
    // The drawer closes itself: no dialog, nothing inert, the side column is back.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(nav(page)).toBeVisible()
    await expect(page.locator('[inert]')).toHaveCount(0)
  })

  await test.step('wide windows show the filters without the button', async () => {
    // Still the DNS page, now 1366 px wide.
    await expect(page.getByRole('heading', { name: 'DNS records', level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden()
    await expect(page.getByLabel('Type', { exact: true })).toBeVisible()
  })

  await test.step('at 1440 px the DNS records are still a table with column headers', async () => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect(page.getByRole('table', { name: /^DNS records of / }).getByRole('columnheader', { name: /Name/ })).toBeVisible()
    await expect(page.getByLabel('Sort by')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible()
  })

  await test.step('wide windows (1366 px): the navigation is a side column, no Menu button', async () => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await nav(page).getByRole('link', { name: 'Overview' }).click()
    await expect(page).toHaveURL(zoneUrl('demo'))
    await expect(nav(page)).toBeVisible()
    await expect(menu).toBeHidden()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const aside = await page.locator('aside').boundingBox()
    expect(aside?.width).toBe(240)
    await expect(page.getByRole('heading', { level: 1, name: 'example.com' })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('wide-1366.png'), fullPage: false })
  })
})
