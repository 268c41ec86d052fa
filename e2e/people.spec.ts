import { request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { ADMIN_PASSWORD, cleanSignedInServer, expect, SEED_ZONES, signedInAdmin, signedInPerson, signedInTest as test, zoneUrl } from './fixtures'

/**
 * People, roles, zone scope and sign-in, as a team would use them: on the shared signed-in server
 * (fixtures.ts), cleaned at the start (everyone but its first administrator "admin" deleted), where
 * "admin" adds Ada through the form. A server of its own (started where nobody has an account) cost a
 * worker switch and ran last, alone. The store never lets its last administrator go, so "nobody has an
 * account" cannot be made again on a shared server: the local administrator's People page and the
 * first person added there turning sign-in on are checked in
 * src/features/people/components/first-administrator.screen.test.tsx (and /setup's in
 * src/server/auth/sign-in.test.ts).
 */

// People added in the dashboard get a one-time password: at first sign-in they choose their own.
const ownPasswords = new Map<string, string>()

async function signIn(page: Page, username: string, given: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(ownPasswords.get(username) ?? given)
  await page.getByRole('button', { name: 'Sign in' }).click()
  if (!ownPasswords.has(username)) {
    await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible()
    const own = `${given}-own`
    await page.getByLabel('Current password').fill(given)
    await page.getByLabel('New password', { exact: true }).fill(own)
    await page.getByLabel('New password again').fill(own)
    await page.getByRole('button', { name: 'Save password' }).click()
    ownPasswords.set(username, own)
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)
}

async function addPerson(page: Page, p: { username: string; name: string; role: string; zones?: string; password: string }) {
  await page.getByRole('button', { name: 'Add person' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a person' })
  await dialog.getByLabel('Username').fill(p.username)
  await dialog.getByLabel('Display name').fill(p.name)
  await dialog.getByLabel('Role').selectOption({ value: p.role })
  if (p.zones) {
    // Zones are picked from the account's list: type part of the name, pick it.
    await dialog.getByLabel('Only these zones').check()
    for (const zone of p.zones.split(', ')) {
      await dialog.getByRole('combobox', { name: 'Add a zone' }).fill(zone)
      await dialog.getByRole('option', { name: zone, exact: true }).click()
    }
  }
  await dialog.getByLabel('Initial password').fill(p.password)
  await dialog.getByRole('button', { name: 'Add person' }).click()
  await expect(dialog).toBeHidden()
}

const ADMIN = { username: 'ada', name: 'Ada Admin', role: 'admin', password: 'ada-password-123' }
const VIEWER = { username: 'vic', name: 'Vic Viewer', role: 'viewer', password: 'vic-password-123' }
const EDITOR = { username: 'eddie', name: 'Eddie Editor', role: 'editor', zones: 'example.com', password: 'eddie-password-1' }

/*
 * One test, each former test a step under its old title and in the same order (they always ran in
 * series on this server, each building on the one before). Each person keeps one browser of their own
 * through the steps instead of a fresh context and a sign-in (three page loads) for every former test.
 */
test('people, roles, zone scope and sign-in, as a team uses them', async ({ page, browser, server, playwright }) => {
  // About 30 page loads in five browsers: ~60 s on a quiet machine.
  test.setTimeout(240_000)
  const cleaner = await signedInAdmin(playwright, server.baseURL)
  await cleanSignedInServer(cleaner)
  await cleaner.dispose()
  const contexts: BrowserContext[] = []
  const browserOf = async () => {
    const context = await browser.newContext({ baseURL: server.baseURL })
    contexts.push(context)
    return context.newPage()
  }
  // `page` is the administrator's browser: "admin"'s, then Ada's once she exists.
  const admin = page

  await test.step('an administrator adds another through the form, who then adds a viewer and a scoped editor', async () => {
    // "admin" signs in through the form's own post (the sign-in page itself is walked by Ada below).
    const signedIn = await admin.context().request.post('/login', { form: { username: 'admin', password: ADMIN_PASSWORD, next: '/' }, maxRedirects: 0 })
    expect(signedIn.status(), await signedIn.text()).toBe(303)
    await admin.goto('/people')
    await addPerson(admin, ADMIN)
    await expect(admin.getByRole('table', { name: 'People' }).getByRole('row', { name: /Ada Admin/ })).toContainText('admin')
    // Ada in this browser from now on: signed out, a page sends it to sign in, with the way back.
    await admin.context().clearCookies()
    await admin.goto('/zones')
    await expect(admin).toHaveURL(/\/login\?next=%2Fzones$/)
    await signIn(admin, ADMIN.username, ADMIN.password)
    // The form is proven by the administrator and the scoped editor; the viewer is added through
    // the same route with Ada's session (a third dialog cost seconds and proved nothing more).
    const viewerAdded = await admin.request.post('/api/local/people', {
      headers: { 'X-Zonekeeper-Request': '1' },
      data: { username: VIEWER.username, display_name: VIEWER.name, role: VIEWER.role, zones: '*', password: VIEWER.password },
    })
    expect(viewerAdded.status(), await viewerAdded.text()).toBe(201)
    await admin.goto('/people')
    await addPerson(admin, EDITOR)
    const table = admin.getByRole('table', { name: 'People' })
    await expect(table.getByRole('row', { name: /Vic Viewer/ })).toContainText('viewer')
    await expect(table.getByRole('row', { name: /Eddie Editor/ })).toContainText('example.com')
  })

  // What a viewer sees and may do (the DNS page with no Add, Edit or Delete and the reason said; the
  // server refusing a forced write with the role it needs) is in src/app/roles-pages.screen.test.tsx,
  // src/server/auth/role-matrix.test.ts and src/shared/access.test.ts: here the viewer only signs in
  // (through the form's own posts) to sign out in the browser.
  const viewer = await signedInPerson(browser, server.baseURL, VIEWER)
  contexts.push(viewer.context())
  ownPasswords.set(VIEWER.username, `${VIEWER.password}-own`)
  await viewer.goto('/account')
  await expect(viewer.getByRole('navigation', { name: 'Main' })).toBeVisible()

  await test.step('signing out ends the session: the old cookie gets 401', async () => {
    const cookie = (await viewer.context().cookies()).find((c) => c.name === 'zonekeeper_session')!
    await signOut(viewer)
    const replay = await playwrightRequest.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { cookie: `${cookie.name}=${cookie.value}` },
    })
    const res = await replay.get('/api/local/me')
    expect(res.status()).toBe(401)
    expect((await res.json()).errors[0].code).toBe(10401)
    await replay.dispose()
  })

  const editor = await browserOf()
  await test.step('an editor scoped to example.com can neither see nor reach newshop.dev', async () => {
    await signIn(editor, EDITOR.username, EDITOR.password)
    await editor.goto('/zones')
    const zones = editor.getByRole('table', { name: /zones/i })
    await expect(zones.getByText('example.com', { exact: true })).toBeVisible()
    await expect(zones.getByText('newshop.dev')).toHaveCount(0)
    const box = editor.getByRole('combobox', { name: 'Switch zone' })
    await box.fill('shop')
    await expect(editor.getByRole('option', { name: 'newshop.dev' })).toHaveCount(0)
    const res = await editor.request.get(`/api/v4/zones/${SEED_ZONES.pending.id}/dns_records`)
    expect(res.status()).toBe(403)
    expect((await res.json()).errors[0].message).toContain('outside your zone scope')
    await editor.goto(zoneUrl('pending', 'dns'))
    await expect(editor.getByText(/outside your zone scope/).first()).toBeVisible()
    // In scope, the editor may change records.
    await editor.goto(zoneUrl('demo', 'dns'))
    await expect(editor.getByRole('button', { name: 'Add record' })).toBeVisible()
  })

  await test.step('the review ledger records the signed-in reviewer', async () => {
    await admin.goto(`${zoneUrl('demo', 'page-shield/scripts')}?urls=popup-offers`)
    await admin
      .getByRole('table', { name: 'Detected scripts' })
      .getByRole('link', { name: /popup-offers/ })
      .click()
    await admin.getByRole('button', { name: 'Mark as expected' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Review this script' })
    await expect(dialog.getByLabel('Your name')).toHaveCount(0)
    await dialog.getByLabel('Note').fill('Approved pop-up vendor')
    await dialog.getByRole('button', { name: 'Save review' }).click()
    await expect(admin.getByRole('list', { name: 'Review history, newest first' })).toContainText('Ada Admin (ada)')
    await admin.goto(zoneUrl('demo', 'page-shield/reviews'))
    await expect(admin.getByRole('table', { name: 'Latest review of each script' })).toContainText('Ada Admin (ada)')
  })

  await test.step('a person sees their own sessions and ends another one', async () => {
    const otherPage = await browserOf()
    await signIn(otherPage, EDITOR.username, EDITOR.password)
    await editor.goto('/account')
    const list = editor.getByRole('list', { name: 'Sessions' })
    // This browser, the other one, and any left from the editor's earlier steps.
    await expect(list.getByText('(this browser)')).toHaveCount(1)
    const ends = list.getByRole('button', { name: 'End session' })
    await expect(ends.first()).toBeVisible()
    // Ends every other session; the list can still be catching up with the other browser's sign-in
    // when first counted, so each round counts again until none is left.
    await expect(async () => {
      if ((await ends.count()) > 0) await ends.first().click({ timeout: 2_000 })
      await expect(ends).toHaveCount(0, { timeout: 1_500 })
    }).toPass({ timeout: 20_000 })
    await expect(list.getByRole('listitem')).toHaveCount(1)
    expect((await otherPage.request.get('/api/local/me')).status()).toBe(401)
    await otherPage.context().close()
  })

  await test.step('a personal API token lets a client use the sandbox as its owner, until revoked', async () => {
    // Still on the editor's account page.
    await editor.getByLabel('Token name').fill('certbot on web-1')
    await editor.getByRole('button', { name: 'Make token' }).click()
    const token = (await editor.getByLabel('New token').textContent())!.trim()
    expect(token).toMatch(/^zk_/)
    const client = await playwrightRequest.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    })
    const zones = await client.get('/client/v4/zones')
    expect((await zones.json()).result.map((z: { name: string }) => z.name)).toEqual(['example.com'])
    expect((await client.get(`/client/v4/zones/${SEED_ZONES.pending.id}`)).status()).toBe(403)
    await editor.getByRole('button', { name: 'Revoke certbot on web-1' }).click()
    await expect(editor.getByRole('list', { name: 'Your API tokens' })).not.toContainText('certbot on web-1')
    expect((await client.get('/client/v4/zones')).status()).toBe(403)
    await client.dispose()
  })

  // The add-person form refusing a common password, or one built from the username, at its field with
  // the server's rule: src/features/people/components/person-dialog.screen.test.tsx. An administrator
  // seeing a person's API tokens with their last use and revoking one:
  // src/features/people/components/person-tokens.screen.test.tsx.
  await test.step('sign-ins and token changes show in the Audit log with the address they came from', async () => {
    await admin.goto('/audit?area=sign-in&person=eddie')
    const log = admin.getByRole('table').first()
    await expect(log.locator('tbody tr').first()).toContainText('Sign-in')
    await admin.goto('/audit?action=token-revoke')
    const revoked = admin.getByRole('table').first().locator('tbody tr').first()
    await expect(revoked).toContainText('Revoked a personal API token')
    await revoked.getByRole('button', { name: /^Details of entry/ }).click()
    await expect(admin.getByRole('article').first()).toContainText(/from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/)
  })

  await test.step('an administrator requires a second factor for administrators, then sets one up at the next sign-in', async () => {
    await admin.goto('/people')
    await admin.getByLabel('Who must use a second factor').selectOption({ value: 'admins' })
    await expect(admin.getByText('Required for administrators').last()).toBeVisible()
    const next = await browserOf()
    await next.goto('/login')
    await next.getByLabel('Username').fill(ADMIN.username)
    await next.getByLabel('Password').fill(ownPasswords.get(ADMIN.username) ?? ADMIN.password)
    await next.getByRole('button', { name: 'Sign in' }).click()
    await expect(next.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible()
    const secret = /secret=([A-Z2-7]+)/.exec((await next.locator('main').textContent())!)![1]
    await next.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
    await next.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await expect(next.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible()
    await expect(next.locator('main')).toContainText(/([a-z2-9]{5}-[a-z2-9]{5}\s+){9}[a-z2-9]{5}-[a-z2-9]{5}/)
    await next.getByRole('link', { name: 'Continue to the dashboard' }).click()
    await expect(next.getByRole('navigation', { name: 'Main' })).toBeVisible()
    // Turning the second factor on ended the administrator's other sessions: the first browser is signed out.
    await admin.goto('/people')
    await expect(admin).toHaveURL(/\/login/)
    await next.goto('/people')
    await next.getByLabel('Who must use a second factor').selectOption({ value: 'optional' })
    await expect(next.getByText('Optional: each person decides').last()).toBeVisible()
  })

  for (const context of contexts) await context.close()
})
