import type { Page } from '@playwright/test'
import { expect, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

/** Wrong rules and dead ends met by newcomers, each redone as the person did it. */

const demo = SEED_ZONES.demo
const WRITE = { 'X-Zonekeeper-Request': '1' }
const dialog = (page: Page) => page.getByRole('dialog')
const preview = (page: Page) => dialog(page).getByRole('region', { name: 'As it will be saved' })

async function openAdd(page: Page, type: string) {
  await page.getByRole('button', { name: 'Add record' }).first().click()
  await dialog(page).getByLabel('Type').selectOption(type)
}

/** Closes the import dialog once it shows its result. */
async function closeImport(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close' }).last().click()
  await expect(dialog(page)).toBeHidden()
}

test.describe('DNS for newcomers: rules, quotes and imports', () => {
  test.beforeAll(async ({ request }) => resetSandbox(request))
  test.afterAll(async ({ request }) => resetSandbox(request))

  // One page for every item (each was a test of its own): every step adds records of its own names
  // and leaves no dialog open. Items 3 (typographic quotes) and 12 (the preview's error once the name
  // is left) are single-dialog checks: record-form-rules.screen.test.tsx, beside the form.
  test('names, TXT quotes and the field a refusal names, on the DNS page', async ({ page, request }) => {
    // Quiet, about 20 s; CI is twice as slow.
    test.setTimeout(120_000)
    await openPage(page, zoneUrl('demo', 'dns'))
    await test.step('names starting with a digit are accepted by the form, the API door and the import', async () => {
      // The DKIM selector a mail provider tells people to add.
      await openAdd(page, 'TXT')
      await dialog(page).getByRole('textbox', { name: /^Name/ }).fill('20230601._domainkey')
      await dialog(page).getByRole('textbox', { name: /^Text/ }).fill('v=DKIM1; k=rsa; p=MIIBIjANBg')
      await expect(dialog(page)).not.toContainText('must start with a letter')
      await expect(preview(page)).toContainText(`20230601._domainkey.${demo.name} Auto TXT "v=DKIM1; k=rsa; p=MIIBIjANBg"`)
      await dialog(page).getByRole('button', { name: 'Add record' }).click()
      await expect(dialog(page)).toBeHidden()
      await expect(page.getByText('Record added')).toBeVisible()

      await openAdd(page, 'A')
      await dialog(page).getByRole('textbox', { name: /^Name/ }).fill('3d')
      await dialog(page).getByRole('textbox', { name: /^IPv4 address/ }).fill('192.0.2.33')
      await dialog(page).getByRole('button', { name: 'Add record' }).click()
      await expect(dialog(page)).toBeHidden()

      // The API door (proxy → sandbox) takes the same names, and still refuses a leading hyphen.
      const ok = await request.post(`/api/v4/zones/${demo.id}/dns_records`, {
        headers: WRITE,
        data: { type: 'CNAME', name: '1password', content: 'app.example.net', ttl: 1 },
      })
      expect(ok.status(), await ok.text()).toBe(200)
      const bad = await request.post(`/api/v4/zones/${demo.id}/dns_records`, {
        headers: WRITE,
        data: { type: 'A', name: '-x', content: '192.0.2.34', ttl: 1 },
      })
      expect(bad.status()).toBe(400)
      expect((await bad.json()).errors[0]).toMatchObject({ code: 9000, message: expect.stringMatching(/not a hyphen/) })

      // The import, as a zone file from another provider.
      await page.getByRole('button', { name: 'Import BIND file' }).click()
      const file = [`$ORIGIN ${demo.name}.`, '4k 300 IN A 192.0.2.35', '20240101._domainkey 300 IN TXT "v=DKIM1; p=x"'].join('\n')
      await dialog(page).getByLabel('Zone file').setInputFiles({ name: 'zone.txt', mimeType: 'text/plain', buffer: Buffer.from(file) })
      await dialog(page).getByRole('button', { name: 'Import' }).click()
      await expect(dialog(page)).toContainText('Added 2 of 2 records in the file')
      await expect(dialog(page).getByRole('region', { name: 'Refused lines and why' })).toHaveCount(0)
      await closeImport(page)
    })
    await test.step('the import refuses an MX given as an IP, as the form does, naming the line', async () => {
      // The form: the error speaks of the field the person sees.
      await openAdd(page, 'MX')
      await dialog(page).getByRole('textbox', { name: /^Name/ }).fill('mail-ip')
      await dialog(page).getByRole('textbox', { name: /^Mail server/ }).fill('192.0.2.5')
      await dialog(page).getByRole('button', { name: 'Add record' }).click()
      await expect(dialog(page)).toContainText('The mail server must be a host name, not an IP address')
      await expect(dialog(page)).not.toContainText('Content must be')
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()

      await page.getByRole('button', { name: 'Import BIND file' }).click()
      const file = [`$ORIGIN ${demo.name}.`, 'mail-ok 300 IN MX 10 mx.example.net.', 'mail-ip 300 IN MX 10 192.0.2.5'].join('\n')
      await dialog(page).getByLabel('Zone file').setInputFiles({ name: 'zone.txt', mimeType: 'text/plain', buffer: Buffer.from(file) })
      await dialog(page).getByRole('button', { name: 'Import' }).click()
      await expect(dialog(page)).toContainText('Added 1 of 2 records in the file; 1 refused.')
      const refused = dialog(page).getByRole('region', { name: 'Refused lines and why' })
      await expect(refused).toContainText('Line 3: mail-ip 300 IN MX 10 192.0.2.5')
      await expect(refused).toContainText('The mail server must be a host name, not an IP address')
      const stored = await (await request.get(`/api/v4/zones/${demo.id}/dns_records?type=MX&per_page=100`)).json()
      expect(stored.result.map((r: { content: string }) => r.content)).not.toContain(`192.0.2.5.${demo.name}`)
      await closeImport(page)
    })
    await test.step('the proxy switch in the table says it applies at once', async () => {
      await page.getByRole('combobox', { name: 'Type' }).selectOption('A')
      await expect(page).toHaveURL(/type=A\b/)
      await expect(page.getByRole('columnheader', { name: /Proxy status/ })).toContainText('switch applies at once')
      await expect(page.getByRole('switch', { name: /^Proxy .*; applies at once$/ }).first()).toBeVisible()
    })
  })
})
