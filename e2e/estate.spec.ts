import { ESTATE_ACCOUNT_NAMES, SANDBOX_TOKEN_INFO } from '../src/shared/sandbox-estate'
import { cleanSignedInServer, DEMO_ACCOUNT, expect, SEED_ZONES, signedInAdmin, signedInTest as test } from './fixtures'

/**
 * An agency's day across its clients' accounts, in the browser against the sandbox: two more
 * credentials (the sandbox's own tokens, bound to their accounts as the service binds them), the
 * account switcher across three accounts, a colleague with a different role in two clients, and one
 * search and one change across the zones of an account, undone in one zone. (The search's index covers
 * every account the dashboard reaches, each read through its own credential, and a change across
 * accounts plans and applies each zone in its own account: pinned by src/server/search/estate.test.ts;
 * this step stays within one account's zones.) On the signed-in server (it has a
 * vault key), cleaned at the start; the rules behind each step are pinned at the server's door by
 * unit tests (src/server/accounts, src/server/auth/account-grants, src/server/search/replace).
 */

const W = { 'X-Zonekeeper-Request': '1' }
const harbourToken = SANDBOX_TOKEN_INFO.find((t) => t.accounts.length === 1 && t.accounts[0] === 'harbour')!
const agencyToken = SANDBOX_TOKEN_INFO.find((t) => t.kind === 'user')!
/** The agency's status page host: one record in a zone of each client account (the sandbox's estate). */
const STATUS_HOST = '198.51.100.250'
const NEW_HOST = '198.51.100.251'
const ZONES = [SEED_ZONES.demo, SEED_ZONES.pending]

test('an agency administrator: two credentials, three accounts, a colleague per account, one change across them, undone in one zone', async ({ playwright, browser, baseURL }) => {
  test.setTimeout(180_000)
  const admin = await signedInAdmin(playwright, baseURL)
  await cleanSignedInServer(admin)
  const page = await (await browser.newContext({ baseURL, storageState: await admin.storageState() })).newPage()

  await test.step('adds two credentials; each is checked, listed with its accounts, and never shown again', async () => {
    await page.goto('/credentials')
    for (const token of [harbourToken, agencyToken]) {
      await page.getByLabel('Label').fill(token.name)
      await page.getByLabel('API token').fill(token.value)
      await page.getByRole('button', { name: 'Check and add' }).click()
      await expect(page.getByRole('list', { name: 'Credentials' })).toContainText(token.name)
      await expect(page.getByLabel('API token')).toHaveValue('')
    }
    const list = page.getByRole('list', { name: 'Credentials' })
    await expect(list).toContainText(ESTATE_ACCOUNT_NAMES.meridian)
    expect(await page.content()).not.toContain(agencyToken.value.slice(5))
  })

  await test.step('switches between three accounts; the URL names the account and the zones are its own', async () => {
    await page.goto('/zones')
    const switcher = page.getByRole('combobox', { name: 'Switch account' })
    for (const [name, zone] of [
      [ESTATE_ACCOUNT_NAMES.harbour, 'harbourdental.co.uk'],
      [ESTATE_ACCOUNT_NAMES.foxFinch, 'foxandfinch.com'],
      [DEMO_ACCOUNT.name, 'example.com'],
    ] as const) {
      await switcher.click()
      await page.getByRole('option', { name: new RegExp(name.replace(/[&]/g, '\\$&')) }).click()
      await expect(page).toHaveURL(/[?&]account=[0-9a-f]{32}/)
      await expect(page.getByRole('link', { name: zone, exact: true }).first()).toBeVisible()
    }
    await expect(page.getByRole('link', { name: 'harbourdental.co.uk', exact: true })).toHaveCount(0)
  })

  await test.step('gives a colleague viewer rights in one client and editor rights in another', async () => {
    const added = await admin.post('/api/local/people', { headers: W, data: { username: 'cole', display_name: 'Cole Colleague', role: 'viewer', zones: '*', password: 'cole-password-123' } })
    expect(added.ok(), await added.text()).toBeTruthy()
    await page.goto('/people')
    await page.getByRole('button', { name: 'Roles per account of cole' }).click()
    const dialog = page.getByRole('dialog')
    for (const [account, role] of [
      [ESTATE_ACCOUNT_NAMES.harbour, 'viewer'],
      [ESTATE_ACCOUNT_NAMES.foxFinch, 'editor'],
    ] as const) {
      await dialog.getByRole('combobox', { name: 'Account', exact: true }).selectOption({ label: account })
      await dialog.getByRole('combobox', { name: 'Role in it', exact: true }).selectOption(role)
      await dialog.getByRole('button', { name: 'Give role' }).click()
      await expect(dialog.getByRole('table', { name: 'Roles of cole' })).toContainText(account)
    }
    await dialog.getByRole('button', { name: 'Remove the role in Every account' }).click()
    const table = dialog.getByRole('table', { name: 'Roles of cole' })
    await expect(table).not.toContainText('Every account')
    await expect(table.getByRole('row')).toHaveCount(3) // the heading row and the two accounts
  })

  await test.step(`finds an address in several zones, changes it with a preview and a result per zone, and undoes one zone`, async () => {
    // Two of the account's zones point a record at the agency's status host (written through the
    // dashboard's door, so the search's index holds them at once).
    for (const zone of ZONES) {
      const res = await admin.post(`/api/v4/zones/${zone.id}/dns_records`, { headers: W, data: { type: 'A', name: 'uptime', content: STATUS_HOST, ttl: 1, proxied: false } })
      expect(res.ok(), await res.text()).toBeTruthy()
    }
    await page.goto('/search')
    await page.getByLabel('Search for').fill(STATUS_HOST)
    await page.getByRole('button', { name: 'Search' }).click()
    const results = page.getByRole('region', { name: 'Matching records' })
    const uptime = results.getByRole('checkbox', { name: /^Select uptime\./ })
    await expect(uptime).toHaveCount(2)
    // The two just written: the client accounts' own status records match too once the background
    // reader has read those accounts (when, depends on its round), so "every match" is not a fixed set here.
    for (const box of await uptime.all()) await box.check()
    await page.getByRole('button', { name: 'Change selected…' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'New value' }).fill(NEW_HOST)
    await dialog.getByRole('button', { name: 'Preview' }).click()
    const preview = dialog.getByRole('region', { name: 'Preview per zone' })
    for (const zone of ZONES) await expect(preview.getByRole('list', { name: `Records in ${zone.name}` })).toContainText(`${STATUS_HOST} → ${NEW_HOST}`)
    await dialog.getByRole('button', { name: 'Apply to 2 zones' }).click()
    const perZone = dialog.getByRole('list', { name: 'Result per zone' })
    await expect(perZone.getByRole('button', { name: /^Undo the change in / })).toHaveCount(2, { timeout: 30_000 })
    await perZone.getByRole('button', { name: `Undo the change in ${ZONES[1].name}` }).click()
    await expect(perZone.getByRole('status')).toHaveText('Undone.')
    // The API's own answer: one zone changed, the undone one as before.
    const status = async (zone: (typeof ZONES)[number]) => {
      const res = await admin.get(`/api/v4/zones/${zone.id}/dns_records?name=uptime.${zone.name}`)
      expect(res.ok(), await res.text()).toBeTruthy()
      return ((await res.json()) as { result: { content: string }[] }).result.map((r) => r.content)
    }
    await expect.poll(() => status(ZONES[1])).toEqual([STATUS_HOST])
    expect(await status(ZONES[0])).toEqual([NEW_HOST])
  })
})
