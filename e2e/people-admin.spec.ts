import type { Page } from '@playwright/test'
import { cleanSignedInServer, expect, expectNoSeriousA11yViolations, signedInAdmin, signedInPerson, signedInTest as test } from './fixtures'

/**
 * Managing a person's zones, redone as the administrator did it: zones are picked from the account's list by
 * keyboard (a typo finding nothing and the server refusing one anyway are checked in-process, see the
 * first step; what a scoped person is told, in scope-notice.screen.test.tsx), the save toast says
 * what changed, and a person can be deleted. On the signed-in server
 * (fixtures.ts), cleaned at the start: its "admin" adds Ada, the administrator of this spec (a server
 * of its own cost a worker switch, a browser and a server start).
 */

const W = { 'X-Zonekeeper-Request': '1' }
const ADA = { username: 'ada', display_name: 'Ada Admin', role: 'admin', zones: '*', password: 'ada-Password-for-tests-1' }
const NINA = { username: 'nina', display_name: 'Nina', password: 'nina-Password-for-tests-1' }
const own = new Map<string, string>()

async function signIn(page: Page, username: string, given: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(own.get(username) ?? given)
  await page.getByRole('button', { name: 'Sign in' }).click()
  if (!own.has(username)) {
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible()
    await page.getByLabel('Current password').fill(given)
    await page.getByLabel('New password', { exact: true }).fill(`${given}-own`)
    await page.getByLabel('New password again').fill(`${given}-own`)
    await page.getByRole('button', { name: 'Save password' }).click()
    own.set(username, `${given}-own`)
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

/*
 * One test, each former test a step under its old title and in the same order (they always ran in
 * series, each building on the one before): Ada and Nina each keep one browser through the steps
 * instead of a fresh context and a sign-in for every former test.
 */
test('an administrator manages people: zones from the account list, what changed, a limited person, a deletion', async ({
  page,
  playwright,
  browser,
  server,
}) => {
  // About 15 page views.
  test.setTimeout(240_000)

  await test.step('zones are picked from the account list by keyboard', async () => {
    // Finding zones among a hundred (the account asked with the typed name: a typo finds none, many
    // are capped at 20, more typing narrows to one) is the person dialog's screen test
    // (src/features/people/components/person-dialog.screen.test.tsx); the server refusing a zone the
    // account does not have, at the zones field: src/server/people/delete-and-zones.test.ts. Here the
    // picker is used by keyboard in the browser.
    const admin = await signedInAdmin(playwright, server.baseURL)
    await cleanSignedInServer(admin)
    // "admin" adds Ada, who signs in with her one-time password and chooses her own.
    expect((await admin.post('/api/local/people', { headers: W, data: ADA })).status()).toBe(201)
    await admin.dispose()
    await signIn(page, ADA.username, ADA.password)
    await page.goto('/people')
    await page.getByRole('button', { name: 'Add person' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a person' })
    await dialog.getByLabel('Username').fill(NINA.username)
    await dialog.getByLabel('Display name').fill(NINA.display_name)
    await dialog.getByLabel('Role').selectOption({ value: 'editor' })
    await dialog.getByLabel('Only these zones').check()
    const box = dialog.getByRole('combobox', { name: 'Add a zone' })
    const list = dialog.getByRole('listbox', { name: 'Zones of the account' })
    const chips = dialog.getByRole('list', { name: 'Chosen zones' })

    // By keyboard: type, arrows, Enter; chosen zones become chips.
    await box.fill('exa')
    await expect(list.getByRole('option', { name: 'example.com', exact: true })).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'person dialog with the zone list open')
    await box.press('ArrowDown')
    await box.press('Enter')
    await expect(chips.getByRole('listitem')).toHaveText([/example\.com/])
    await box.fill('newsh')
    await expect(list.getByRole('option', { name: 'newshop.dev' })).toBeVisible()
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/)
    await box.press('Enter')
    await expect(chips.getByRole('listitem')).toHaveText([/example\.com/, /newshop\.dev/])
    // Escape closes the list, not the dialog.
    await box.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(dialog).toBeVisible()
    // A chip is removed by keyboard; focus stays in the picker.
    await dialog.getByRole('button', { name: 'Remove newshop.dev' }).focus()
    await page.keyboard.press('Enter')
    await expect(chips.getByRole('listitem')).toHaveText([/example\.com/])
    await expect(dialog.getByRole('button', { name: 'Remove example.com' })).toBeFocused()

    await dialog.getByLabel('Initial password').fill(NINA.password)
    await dialog.getByRole('button', { name: 'Add person' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('table', { name: 'People' }).getByRole('row', { name: /Nina/ })).toContainText('example.com')
  })

  await test.step('the save toast says what changed: the zones alone, then the role', async () => {
    // Ada is still on the People page.
    const toast = page.getByRole('region', { name: 'Notifications' })

    await page.getByRole('button', { name: 'Change nina' }).click()
    let dialog = page.getByRole('dialog', { name: 'Change Nina' })
    await dialog.getByRole('combobox', { name: 'Add a zone' }).fill('newshop')
    await dialog.getByRole('option', { name: 'newshop.dev' }).click()
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(toast).toContainText("Nina's zones: added newshop.dev")
    await expect(toast).not.toContainText('is now')

    await page.getByRole('button', { name: 'Change nina' }).click()
    dialog = page.getByRole('dialog', { name: 'Change Nina' })
    await dialog.getByLabel('Role').selectOption({ value: 'viewer' })
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(toast).toContainText("Nina's role: editor → viewer")
  })

  // Nina signs in (the form's own posts) to be signed out by the deletion below. What a scoped person
  // is told on their zones list is the Zones page's screen test
  // (src/features/zones/components/scope-notice.screen.test.tsx).
  const ninaPage = await signedInPerson(browser, server.baseURL, NINA)
  const ninaContext = ninaPage.context()
  expect((await ninaPage.request.get('/api/local/me')).status()).toBe(200)

  await test.step('an administrator deletes a person: named in the confirmation, signed out at once, audit entries kept under their name', async () => {
    // Nina is still signed in; Ada is still on the People page.
    // Never oneself.
    await expect(page.getByRole('button', { name: 'Delete ada' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Delete nina' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Nina?' })
    await expect(confirm).toContainText('Nina (nina) is signed out everywhere at once')
    await expect(confirm).toContainText('Their entries in the audit log and their reviews stay, under their name.')
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await confirm.getByRole('button', { name: 'Delete Nina' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Person deleted')
    await expect(page.getByRole('table', { name: 'People' })).not.toContainText('Nina')
    await expect(page.getByRole('button', { name: 'Add person' })).toBeFocused()
    expect((await ninaPage.request.get('/api/local/me')).status()).toBe(401)

    // Her sign-ins stay in the audit log under her name; the delete is recorded, naming her.
    await page.goto('/audit?person=nina&area=sign-in')
    await expect(page.getByRole('table').first().locator('tbody tr').first()).toContainText('Nina')
    // Hers, not those of an earlier spec's "nina" on this shared server (also deleted, named otherwise).
    const signIns = (await (await page.request.get('/api/local/audit?person=nina&area=sign-in')).json()) as { result: { personName: string }[] }
    expect(signIns.result[0]?.personName).toBe('Nina')
    const deleted = (await (await page.request.get('/api/local/audit?action=delete&area=people')).json()) as {
      result: { username: string; label: string; resourceType: string }[]
    }
    expect(deleted.result[0]).toMatchObject({ username: 'ada', label: 'nina', resourceType: 'person' })
  })
  await ninaContext.close()
})
