import type { Page } from '@playwright/test'
import { expect, openPage, test, zoneUrl } from './fixtures'

/**
 * Issue 13 item 2 and issue 10 §2, as a person meets them: a host-name field refuses an IP
 * address (as the service does) at the field, in the form, before anything is saved.
 */
const dialog = (page: Page) => page.getByRole('dialog')

test('an MX record pointing at an IP address is refused at its field, and nothing is saved', async ({ page, request }) => {
  await openPage(page, zoneUrl('demo', 'dns'))
  await page.getByRole('button', { name: 'Add record' }).click()
  const add = dialog(page)
  await add.getByLabel('Type').selectOption('MX')
  await add.getByLabel('Name').fill('ipmail')
  await add.getByLabel('Mail server').fill('203.0.113.25')
  await add.getByLabel('Priority').fill('10')
  await add.getByRole('button', { name: 'Add record' }).click()
  // Said at the field, and (issue 29) again in the preview, which names the rule the value breaks.
  await expect(add.getByText(/must be a host name, not an IP address/)).toHaveCount(2)
  await expect(add.getByLabel('Mail server')).toHaveAttribute('aria-invalid', 'true')
  await expect(add.getByLabel('Mail server')).toHaveAccessibleDescription(/must be a host name, not an IP address/)
  await expect(add.getByLabel('Mail server')).toHaveValue('203.0.113.25')
  await expect(add).toBeVisible()

  // The same body sent straight to the server is refused too (the proxy and sandbox use the same schema).
  const res = await request.post(`/api/v4${zoneUrl('demo')}/dns_records`, {
    headers: { 'X-Zonekeeper-Request': '1' },
    data: { type: 'MX', name: 'ipmail', content: '203.0.113.25', priority: 10 },
  })
  expect(res.status()).toBe(400)
  const listed = await request.get(`/api/v4${zoneUrl('demo')}/dns_records?name=ipmail.example.com`)
  expect((await listed.json()).result).toEqual([])
})

test("a Free zone's record form says and checks what the plan allows: 100-character comments, no tags", async ({ page, request }) => {
  await openPage(page, zoneUrl('pending', 'dns'))
  await page.getByRole('button', { name: 'Add record' }).click()
  const add = dialog(page)
  await expect(add.getByText('Tags are only available on paid plans; this zone is on the Free plan. Use the comment instead.')).toBeVisible()
  await add.getByLabel('Name').fill('plan-check')
  await add.getByLabel('IPv4 address').fill('192.0.2.77')
  const comment = 'x'.repeat(101)
  await add.getByLabel('Comment (optional)').fill(comment)
  await add.getByRole('button', { name: 'Add record' }).click()
  await expect(add.getByText(/at most 100 characters; this one has 101/)).toBeVisible()
  await expect(add.getByLabel('Comment (optional)')).toHaveValue(comment)

  // Shortened to the limit, it saves.
  await add.getByLabel('Comment (optional)').fill('x'.repeat(100))
  await add.getByRole('button', { name: 'Add record' }).click()
  await expect(add).toBeHidden()
  const listed = await request.get(`/api/v4${zoneUrl('pending')}/dns_records?name=plan-check.newshop.dev`)
  expect((await listed.json()).result).toHaveLength(1)
})
