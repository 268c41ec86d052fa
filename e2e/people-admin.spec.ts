import type { Page } from '@playwright/test'
import { cleanSignedInServer, DEMO_ACCOUNT, expect, expectNoSeriousA11yViolations, signedInAdmin, signedInTest as test } from './fixtures'

/**
 * Managing a person's zones, redone as the administrator did it: zones are picked from the account's list (a
 * typo finds nothing, and the server refuses one anyway), a scoped person is told their access is
 * limited, the save toast says what changed, and a person can be deleted. On the signed-in server
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
  // 300 zones written, about 15 page views.
  test.setTimeout(240_000)

  await test.step('zones are picked from the account list by keyboard; a typo finds no zone; the server refuses an unknown one', async () => {
    // An account with more zones than the picker may list or the API gives in one page (50; its filter
    // must do the finding): the sandbox creates them for an API client ("admin"'s personal token: people
    // exist, so the client door wants one). 100 are
    // enough (team-0100 … team-0199 match "team-01", twice a page; the one picked lies past the first
    // page by name); 300 took 17 s of writes.
    // Sent with Node's own fetch, not through Playwright's driver process: a fifth faster here (300
    // zones: 17 s against 22 s on the busy 2-core machine); the server's own writes are the rest.
    const admin = await signedInAdmin(playwright, server.baseURL)
    await cleanSignedInServer(admin)
    const made = await admin.post('/api/local/me/tokens', { headers: W, data: { name: 'people-admin zones' } })
    expect(made.ok(), await made.text()).toBeTruthy()
    const { id: tokenId, token } = (await made.json()).result as { id: string; token: string }
    const ZONES = 100
    for (let start = 0; start < ZONES; start += 50) {
      const made = await Promise.all(
        Array.from({ length: Math.min(50, ZONES - start) }, (_, i) =>
          fetch(`${server.baseURL}/client/v4/zones`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              name: `team-${String(start + i + 100).padStart(4, '0')}.test`,
              account: { id: DEMO_ACCOUNT.id },
            }),
          }),
        ),
      )
      for (const r of made) expect(r.ok, `${r.status} ${await r.text()}`).toBe(true)
    }
    expect((await admin.delete(`/api/local/me/tokens/${tokenId}`, { headers: W })).ok()).toBeTruthy()
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

    // The typo: the account is asked with the typed text as a name filter, and has no such zone.
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/v4/zones?') && decodeURIComponent(r.url()).includes('name=contains:exmaple'),
    )
    await box.fill('exmaple')
    await asked
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(dialog.getByText('No zone of the account has a name containing “exmaple”. Check the spelling.')).toBeVisible()
    await expect(list.getByRole('option')).toHaveCount(0)
    await box.press('Enter')
    await expect(chips).toHaveCount(0)
    await expect(dialog).toBeVisible() // Enter in the box never submits the form

    // Among a hundred: the API filters (team-0100 … team-0199), the first 20 are listed, more typing narrows to the one.
    await box.fill('team-01')
    await expect(dialog.getByText('100 zones match; the first 20 are listed. Type more of the name to narrow.')).toBeVisible()
    await expect(list.getByRole('option')).toHaveCount(20)
    const typed = Date.now()
    await box.fill('team-0187')
    await expect(list.getByRole('option', { name: 'team-0187.test', exact: true })).toBeVisible()
    console.log(
      `zone picker: ${Date.now() - typed} ms from typing to the option, among ${ZONES + 5} zones (debounce 250 ms included)`,
    )
    await expect(list.getByRole('option')).toHaveCount(1)

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

    // The server refuses a zone the account does not have, whatever sends it, at the zones field.
    const res = await page.request.post('/api/local/people', {
      headers: W,
      data: {
        username: 'typo',
        display_name: 'Typo',
        role: 'viewer',
        zones: ['exmaple.com'],
        password: 'typo-Password-for-tests-1',
      },
    })
    expect(res.status()).toBe(400)
    expect((await res.json()).errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/zones' },
        message: expect.stringContaining('The account has no zone exmaple.com'),
      }),
    ])
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

  const ninaContext = await browser.newContext({ baseURL: server.baseURL })
  const ninaPage = await ninaContext.newPage()
  await test.step('a scoped person is told on their zones list that an administrator limited their access', async () => {
    await signIn(ninaPage, NINA.username, NINA.password)
    await ninaPage.goto('/zones')
    await expect(ninaPage.getByRole('note')).toContainText(
      'You see 2 zones: your access is limited to these by an administrator.',
    )
    await expect(ninaPage.getByRole('table', { name: 'Zones' }).locator('tbody tr')).toHaveCount(2)
  })

  await test.step('an administrator deletes a person: named in the confirmation, signed out at once, audit entries kept under their name', async () => {
    // Nina is still signed in in her browser; Ada is still on the People page.
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
