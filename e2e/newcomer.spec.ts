import type { Page } from '@playwright/test'
import { expect, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

const demo = SEED_ZONES.demo
const dialog = (page: Page) => page.getByRole('dialog')

async function addRecord(page: Page, type: string, name: string, value: { label: string; text: string }) {
  await page.getByRole('button', { name: 'Add record' }).first().click()
  await dialog(page).getByLabel('Type').selectOption(type)
  await dialog(page).getByRole('textbox', { name: /^Name/ }).fill(name)
  await dialog(page).getByRole('textbox', { name: new RegExp(`^${value.label}`) }).fill(value.text)
  await dialog(page).getByRole('button', { name: 'Add record' }).click()
}

// One test on one DNS page: its two steps were separate tests that each opened the page.
test('newcomer: names, refusals and plain words', async ({ page, request }) => {
  test.setTimeout(60_000)
  await openPage(page, zoneUrl('demo', 'dns'))

  await test.step('"blog" is free in the demo; a name that is taken offers "Edit the existing … record"', async () => {
    await addRecord(page, 'CNAME', 'blog', { label: 'Target', text: 'example-blog.ghost.io' })
    await expect(page.getByText('Record added')).toBeVisible()
    await expect(dialog(page)).toBeHidden()

    // status is a CNAME in the demo: an A record beside it is refused, and the refusal offers the existing one.
    await addRecord(page, 'A', 'status', { label: 'IPv4 address', text: '192.0.2.150' })
    const already = dialog(page).getByRole('note', { name: 'Records already there' })
    await expect(already).toContainText(`Already at status.${demo.name}`)
    await expect(already).toContainText('CNAME → example.hosted-status.net')
    await already.getByRole('button', { name: 'Edit the existing status record' }).click()
    await expect(dialog(page).getByRole('heading', { name: `Edit the CNAME record status.${demo.name}` })).toBeVisible()
    await expect(dialog(page).getByRole('textbox', { name: /^Target/ })).toHaveValue('example.hosted-status.net')

    const blog = await (await request.get(`/api/v4/zones/${demo.id}/dns_records?name=blog.${demo.name}`)).json()
    expect(blog.result.map((r: { type: string }) => r.type)).toEqual(['CNAME'])
  })

  await test.step('a refused import line says which value and why, with the code apart from the text', async () => {
    await dialog(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog(page)).toBeHidden()
    await page.getByRole('button', { name: 'Import BIND file' }).click()
    const file = ['$ORIGIN example.com.', 'bad-line 3600 IN A 999.1.1.1'].join('\n')
    await dialog(page).getByLabel('Zone file').setInputFiles({ name: 'zone.txt', mimeType: 'text/plain', buffer: Buffer.from(file) })
    await dialog(page).getByRole('button', { name: 'Import' }).click()
    const refused = dialog(page).getByRole('region', { name: 'Refused lines and why' }).getByRole('listitem')
    await expect(refused).toHaveCount(1)
    const text = await refused.innerText()
    expect(text).toMatch(/999\.1\.1\.1/)
    expect(text).toMatch(/ \(error \d+\)/)
    expect(text).not.toMatch(/Error \d+[A-Z]/)
    expect(text).not.toContain('The API refused the values sent')
  })
})
