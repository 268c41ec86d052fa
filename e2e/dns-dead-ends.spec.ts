import type { Page } from '@playwright/test'
import { expect, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

/** Issue 29: dead ends met in the DNS records page, each redone as the person did it. */

const demo = SEED_ZONES.demo
const WRITE = { 'X-Zonekeeper-Request': '1' }
const dialog = (page: Page) => page.getByRole('dialog')

test.describe('issue 29: dialogs, deletes and undo', () => {
  test.beforeAll(async ({ request }) => resetSandbox(request))
  test.afterAll(async ({ request }) => resetSandbox(request))

  test('item 6: Escape three times keeps editing, focus stays in the dialog, and "Add record" always reopens it', async ({ page }) => {
    await openPage(page, zoneUrl('demo', 'dns'))
    await page.getByRole('button', { name: 'Add record' }).click()
    const name = dialog(page).getByRole('textbox', { name: /^Name/ })
    await name.fill('half-typed')
    const prompt = dialog(page).getByRole('alert').filter({ hasText: 'Close and lose what you typed?' })

    await page.keyboard.press('Escape')
    await expect(prompt).toBeVisible()
    await expect(dialog(page).getByRole('button', { name: 'Keep editing' })).toBeFocused()
    await page.keyboard.press('Escape') // on the prompt: keep editing
    await expect(prompt).toBeHidden()
    await expect(name).toBeFocused()
    await page.keyboard.press('Escape') // asks again, never closes without asking
    await expect(prompt).toBeVisible()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeVisible()
    await expect(name).toHaveValue('half-typed')
    await expect(page.locator('body')).not.toBeFocused()
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)

    // Discard on purpose: the dialog closes, and "Add record" opens a fresh one.
    if (!(await prompt.isVisible())) await page.keyboard.press('Escape')
    await dialog(page).getByRole('button', { name: 'Discard and close' }).click()
    await expect(dialog(page)).toBeHidden()
    await page.getByRole('button', { name: 'Add record' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Add a DNS record' })).toBeVisible()
    await expect(dialog(page).getByRole('textbox', { name: /^Name/ })).toHaveValue('')
    // Nothing typed: Escape closes at once, and it opens again.
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    await page.getByRole('button', { name: 'Add record' }).click()
    await expect(dialog(page)).toBeVisible()
  })

  test('item 6: after a delete, focus goes to the next record, not the page body', async ({ page, request }) => {
    for (const n of [1, 2])
      await request.post(`/api/v4/zones/${demo.id}/dns_records`, { headers: WRITE, data: { type: 'A', name: `focus-${n}`, content: `192.0.2.${20 + n}` } })
    await openPage(page, `${zoneUrl('demo', 'dns')}?name.contains=focus-`)
    await page.getByRole('button', { name: `Delete A record focus-1.${demo.name}` }).click()
    await dialog(page).getByRole('button', { name: 'Delete record' }).click()
    await expect(dialog(page)).toBeHidden()
    await expect(page.getByRole('button', { name: `Delete A record focus-1.${demo.name}` })).toHaveCount(0)
    await expect(page.getByRole('button', { name: `Delete A record focus-2.${demo.name}` })).toBeFocused()
    // The last one: focus goes to the page heading.
    await page.keyboard.press('Enter')
    await dialog(page).getByRole('button', { name: 'Delete record' }).click()
    await expect(page.getByText('No record matches these filters')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'DNS records', level: 1 })).toBeFocused()
  })
})
