import { type Locator, type Page } from '@playwright/test'
import { ADMIN_PASSWORD, cleanSignedInServer, expect, SEED_ZONES, signedInTest as test, zoneUrl } from './fixtures'

/**
 * Roles in the pages, in a real browser: a viewer sees no write control it could use, and the reason
 * said; a person turned off while a page is open is told so. On the signed-in server (fixtures.ts:
 * DASHBOARD_PASSWORD makes the first administrator, as an upgrade would), cleaned at the start.
 */
const VIEWER = { username: 'vera', display_name: 'Vera Viewer', role: 'viewer', zones: '*', password: 'vera-password-1' }
const EDITOR = { username: 'ed', display_name: 'Ed Editor', role: 'editor', zones: ['example.com'], password: 'ed-password-12' }
const demo = SEED_ZONES.demo

/** Signs in through /login; people added by an administrator choose their own password first. */
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible()
  await page.getByLabel('Current password').fill(password)
  await page.getByLabel('New password', { exact: true }).fill(`${password}-own`)
  await page.getByLabel('New password again').fill(`${password}-own`)
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

/** Names of controls that change something (reading, filtering, exporting and history are not). */
const WRITE = /^(add|edit\b|delete|create|import|save|restart|accept|decline|mark |malicious|plan the migration|review and save|resume|discard|undo)/i

/** Switches that only change how the page shows things. */
const DISPLAY_SWITCH = /^(Explain|Compact)/

/** Enabled buttons and links in `scope` whose name says they change something. */
async function enabledWriteControls(scope: Locator): Promise<string[]> {
  const found: string[] = []
  for (const role of ['button', 'link'] as const) {
    for (const control of await scope.getByRole(role, { name: WRITE }).all()) {
      if (role === 'link' || (await control.isEnabled())) found.push(`${role} "${(await control.textContent())?.trim()}"`)
    }
  }
  for (const control of await scope.getByRole('switch').all()) {
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? ''
    if (!DISPLAY_SWITCH.test(name) && (await control.isEnabled())) found.push(`switch "${name}"`)
  }
  return found
}

/*
 * One test, each former test a step under its old title and in the same order (they always ran in
 * series on this server, the first adding the people the others sign in as); a page already open
 * is checked once for all its steps' checks instead of being loaded again.
 */
test('roles in the pages: a viewer, a person turned off', async ({ page, request, browser, server }) => {
  test.setTimeout(120_000)

  await test.step('an administrator adds a viewer and an editor scoped to example.com', async () => {
    const login = await request.post('/login', { form: { username: 'admin', password: ADMIN_PASSWORD, next: '/' }, maxRedirects: 0 })
    expect(login.status()).toBe(303)
    await cleanSignedInServer(request)
    for (const person of [VIEWER, EDITOR]) {
      const res = await request.post('/api/local/people', { data: person, headers: { 'X-Zonekeeper-Request': '1' } })
      expect(res.status(), await res.text()).toBe(201)
    }
  })

  // Every area's write controls, for a viewer and for a scoped editor, are checked page by page in
  // the screen test src/app/roles-pages.screen.test.tsx (the same pages and names, in-process); here,
  // one page in a real browser, and the invites that wait for an answer.
  await test.step('a viewer sees no write control it could use, and the reason', async () => {
    await signIn(page, VIEWER.username, VIEWER.password)
    const main = page.getByRole('main')
    await page.goto(zoneUrl('demo', 'dns'))
    await expect(page.getByRole('table', { name: /DNS records/ })).toBeVisible()
    await expect(main.getByRole('note').filter({ hasText: 'You have the viewer role: this needs the' }).first()).toBeVisible()
    expect(await enabledWriteControls(main)).toEqual([])
    await expect(main.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeDisabled()
    await page.goto('/invites')
    await expect(page.getByRole('heading', { name: 'Waiting for your answer' })).toBeVisible()
    // These are the API account's invites, not the signed-in person's.
    await expect(main.getByText('Invitations the API account this dashboard uses has received')).toBeVisible()
    await expect(main.getByRole('note').filter({ hasText: 'You have the viewer role: this needs the administrator role' })).toBeVisible()
    expect(await enabledWriteControls(main)).toEqual([])
  })

  await test.step('a person turned off while their page is open is told they were signed out, and offered sign-in', async () => {
    const DANA = { username: 'dana', display_name: 'Dana Viewer', role: 'viewer', zones: '*', password: 'dana-password-1' }
    const login = await request.post('/login', { form: { username: 'admin', password: ADMIN_PASSWORD, next: '/' }, maxRedirects: 0 })
    expect(login.status()).toBe(303)
    const created = await request.post('/api/local/people', { data: DANA, headers: { 'X-Zonekeeper-Request': '1' } })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = ((await created.json()) as { result: { id: string } }).result

    const danaContext = await browser.newContext({ baseURL: server.baseURL })
    const page = await danaContext.newPage()
    await signIn(page, DANA.username, DANA.password)
    await page.goto(zoneUrl('demo', 'dns'))
    await expect(page.getByRole('table', { name: /DNS records/ })).toBeVisible()
    // An administrator turns Dana's access off; her page is still open.
    const off = await request.patch(`/api/local/people/${id}`, { data: { disabled: true }, headers: { 'X-Zonekeeper-Request': '1' } })
    expect(off.status(), await off.text()).toBe(200)
    // The explanations' code is loaded on demand: the server now answers it with the sign-in page.
    // The page's own next background read (its budget figure, every 5 s) may meet the ended session
    // first: then it goes to the sign-in page with the page to come back to. Either way no more of
    // the account is shown, and sign-in is offered.
    const main = page.getByRole('main')
    const toldSignedOut = main.getByRole('heading', { name: 'You were signed out' })
    await page.getByRole('button', { name: `Explain A record ${demo.name}` }).first().click({ timeout: 5_000 }).catch(() => undefined)
    await expect(toldSignedOut.or(page.getByLabel('Username'))).toBeVisible()
    if (await toldSignedOut.isVisible()) {
      await expect(main).not.toContainText('dynamically imported module')
      const signInLink = main.getByRole('link', { name: 'Sign in again' })
      await expect(signInLink).toHaveAttribute('href', /^\/login\?next=/)
      await signInLink.click()
    } else {
      await expect(page).toHaveURL(/\/login\?next=%2Fzones%2F/)
    }
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.getByRole('table', { name: /DNS records/ })).toHaveCount(0)
    await danaContext.close()
  })
})
