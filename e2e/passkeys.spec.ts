import { readFile } from 'node:fs/promises'
import { type CDPSession, type Page } from '@playwright/test'
import { cleanSignedInServer, expect, signedInAdmin, signedInTest } from './fixtures'

/**
 * Passkeys in a real browser: Chromium's virtual authenticator (CDP WebAuthn domain: ctap2, internal,
 * user verification) registers a passkey on /two-factor/passkeys, then signs in with password +
 * passkey. Passkeys need a host name (browsers refuse an IP address as the relying party), so the
 * pages are opened at http://localhost, a secure context like HTTPS. On the signed-in server
 * (fixtures.ts), cleaned at the start, where "admin" adds Pat: a server of its own cost a worker
 * switch (browser and server start). Creating the first administrator at /setup is checked in
 * src/server/auth/sign-in.test.ts; choosing one's own password at the first sign-in, here.
 * (baseURL is a test fixture: overriding it keeps the signed-in server's worker.)
 */
const test = signedInTest.extend({
  baseURL: async ({ server }, use) => use(server.baseURL.replace('127.0.0.1', 'localhost')),
})
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const ADMIN = { username: 'pat', name: 'Pat Passkey', password: 'violet-Harbour-lantern-93' }
/** The one-time password "admin" gives Pat; Pat chooses ADMIN.password at the first sign-in. */
const GIVEN = 'amber-Meadow-compass-41'

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}

async function password(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('register a passkey in the browser, then sign in with password + passkey', async ({ page, playwright, server }) => {
  const admin = await signedInAdmin(playwright, server.baseURL)
  await cleanSignedInServer(admin)
  const added = await admin.post('/api/local/people', {
    headers: { 'X-Zonekeeper-Request': '1' },
    data: { username: ADMIN.username, display_name: ADMIN.name, role: 'admin', zones: '*', password: GIVEN },
  })
  expect(added.status(), await added.text()).toBe(201)
  await admin.dispose()
  await page.goto('/login')
  await page.getByLabel('Username').fill(ADMIN.username)
  await page.getByLabel('Password').fill(GIVEN)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible()
  await page.getByLabel('Current password').fill(GIVEN)
  await page.getByLabel('New password', { exact: true }).fill(ADMIN.password)
  await page.getByLabel('New password again').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

  const { cdp, authenticatorId } = await virtualAuthenticator(page)
  await page.goto('/account')
  await page.getByRole('link', { name: 'Passkeys' }).click()
  await expect(page.getByRole('heading', { name: 'Passkeys', exact: true })).toBeVisible()
  await expect(page.getByText('None yet.')).toBeVisible()
  await page.getByLabel('Name of the new passkey').fill('This laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Passkey added' })).toBeVisible()
  await expect(page.locator('main')).toContainText(/([a-z2-9]{5}-[a-z2-9]{5}\s+){9}[a-z2-9]{5}-[a-z2-9]{5}/)
  await test.step('the recovery codes at 390 px: Copy all puts them on the clipboard, the download saves the same codes', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    const codes = await page.locator('#recovery-codes code').allTextContents()
    expect(codes).toHaveLength(10)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy all' }).click()
    await expect(page.getByRole('status')).toHaveText(
      'Copied 10 recovery codes. Paste them somewhere safe, such as a password manager.',
    )
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${codes.join('\n')}\n`)
    const saved = page.waitForEvent('download', { timeout: 10_000 })
    await page.getByRole('button', { name: 'Download as a text file' }).click()
    const download = await saved
    expect(download.suggestedFilename()).toBe('zonekeeper-recovery-codes.txt')
    expect((await readFile(await download.path(), 'utf8')).match(/^[a-z2-9]{5}-[a-z2-9]{5}$/gm)).toEqual(codes)
    await expect(page.getByRole('heading', { name: 'Passkey added' })).toBeVisible()
    await page.setViewportSize({ width: 1366, height: 900 })
  })
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  await page.getByRole('link', { name: 'Back to your passkeys' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'This laptop' })).toContainText('not used yet')

  // Signed out: the password alone no longer signs in; the passkey completes the second step.
  await page.goto('/account')
  await page.getByRole('button', { name: 'Sign out' }).click()
  // The sign-in page; a read of the account page still under way when the session ended may add its `next`.
  await expect(page).toHaveURL(/\/login(\?next=%2Faccount)?$/)
  await password(page)
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  await expect(page.getByText('Your password was right. Now use your passkey, or enter a recovery code.')).toBeVisible()
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(after.credentials[0].signCount).toBeGreaterThan(0)
  await page.goto('/two-factor/passkeys')
  await expect(page.getByRole('listitem').filter({ hasText: 'This laptop' })).toContainText('last used')

  // A browser without the passkey: the prompt fails and the page says so (no sign-in).
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
  await page.context().clearCookies()
  await password(page)
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  await page.getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page.getByRole('status')).toContainText('The passkey was not used', { timeout: 70_000 })
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
})
