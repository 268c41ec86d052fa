import { type Locator, type Page } from '@playwright/test'
import { expect, ownServer, SEED_ZONES, zoneUrl } from './fixtures'

/**
 * Roles in the pages, everywhere: a viewer sees every area with no write control it could use, and
 * the reason said; an editor scoped to example.com has the same controls there. Own server: people
 * turn sign-in on (DASHBOARD_PASSWORD makes the first administrator, as an upgrade would).
 */
const ADMIN_PASSWORD = 'admin-password-123'
const test = ownServer('roles', { DASHBOARD_PASSWORD: ADMIN_PASSWORD })

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

/** The pages with write controls, for example.com. `ready` is something each shows once loaded. */
const PAGES: { path: string; ready: (page: Page) => Locator }[] = [
  { path: zoneUrl('demo', 'dns'), ready: (p) => p.getByRole('table', { name: /DNS records/ }) },
  { path: zoneUrl('demo', 'firewall'), ready: (p) => p.getByRole('table') },
  { path: zoneUrl('demo', 'page-shield'), ready: (p) => p.getByRole('switch', { name: 'Monitoring' }) },
  { path: zoneUrl('demo', 'page-shield/policies'), ready: (p) => p.getByRole('list', { name: 'Policies' }) },
  { path: zoneUrl('demo', 'page-shield/policies/new'), ready: (p) => p.getByLabel('Description') },
  { path: zoneUrl('demo', 'logs'), ready: (p) => p.getByText('This zone does not log custom fields yet') },
  { path: zoneUrl('demo', 'logs/jobs'), ready: (p) => p.getByRole('table', { name: /Log jobs of/ }) },
  { path: zoneUrl('demo', 'logs/jobs/new'), ready: (p) => p.getByLabel('Destination') },
]

/** The timed-out certificate pack of example.com (its page offers Restart validation). */
async function openTimedOutPack(page: Page) {
  await page.goto(`${zoneUrl('demo', 'certificates')}?status=all`)
  await page.getByRole('table', { name: `Certificate packs of ${demo.name}` }).getByRole('link', { name: `${demo.name}, status.${demo.name}` }).click()
  return page.getByRole('button', { name: 'Restart validation' })
}

/** A detected script of example.com (its page offers the review verdicts). */
async function openScript(page: Page) {
  await page.goto(`${zoneUrl('demo', 'page-shield/scripts')}?urls=pay-form`)
  await page.getByRole('table').getByRole('link', { name: /pay-form\.js/ }).click()
  await expect(page.getByText(/Nobody has reviewed this script yet|Since the last review|Reviewed/).first()).toBeVisible()
}

/*
 * One test, each former test a step under its old title and in the same order (they always ran in
 * series on this server, the first adding the people the others sign in as); a page already open
 * is checked once for all its steps' checks instead of being loaded again.
 */
test('roles in the pages: a viewer, a scoped editor, a person turned off', async ({ page, request, browser, server }) => {
  // About 30 page loads in three browsers: ~60 s on a quiet machine.
  test.setTimeout(300_000)

  await test.step('an administrator adds a viewer and an editor scoped to example.com', async () => {
    const login = await request.post('/login', { form: { username: 'admin', password: ADMIN_PASSWORD, next: '/' }, maxRedirects: 0 })
    expect(login.status()).toBe(303)
    for (const person of [VIEWER, EDITOR]) {
      const res = await request.post('/api/local/people', { data: person, headers: { 'X-Zonekeeper-Request': '1' } })
      expect(res.status(), await res.text()).toBe(201)
    }
  })

  await test.step('a viewer sees every area with no write control it could use, and the reason', async () => {
    await signIn(page, VIEWER.username, VIEWER.password)
    const main = page.getByRole('main')
    for (const { path, ready } of PAGES) {
      await page.goto(path)
      await expect(ready(page).first()).toBeVisible()
      await expect(main.getByRole('note').filter({ hasText: 'You have the viewer role: this needs the' }).first(), path).toBeVisible()
      expect(await enabledWriteControls(main), path).toEqual([])
      // Nothing a viewer could select, so "Select all" does not look usable.
      if (path === zoneUrl('demo', 'dns')) await expect(main.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeDisabled()
    }
    // The certificate's Restart validation is shown disabled, with the reason beside it.
    const restart = await openTimedOutPack(page)
    await expect(restart).toBeDisabled()
    await expect(page.getByText('You have the viewer role: this needs the editor role.')).toBeVisible()
    // A script: no verdict buttons, the reason instead.
    await openScript(page)
    await expect(main.getByText('You have the viewer role: this needs the reviewer role.')).toBeVisible()
    expect(await enabledWriteControls(main)).toEqual([])
    // Account-level work: the migration and the invites' answers are for administrators.
    await page.goto('/load-balancing')
    await expect(main.getByRole('note').filter({ hasText: 'this needs the administrator role' })).toBeVisible()
    expect(await enabledWriteControls(main)).toEqual([])
    await page.goto('/invites')
    await expect(page.getByRole('heading', { name: 'Waiting for your answer' })).toBeVisible()
    // These are the API account's invites, not the signed-in person's.
    await expect(main.getByText('Invitations the API account this dashboard uses has received')).toBeVisible()
    await expect(main.getByRole('note').filter({ hasText: 'You have the viewer role: this needs the administrator role' })).toBeVisible()
    expect(await enabledWriteControls(main)).toEqual([])
  })

  await test.step('an editor scoped to example.com has the write controls there', async () => {
    const editorContext = await browser.newContext({ baseURL: server.baseURL })
    const page = await editorContext.newPage()
    await signIn(page, EDITOR.username, EDITOR.password)
    const main = page.getByRole('main')
    const expected: Record<string, RegExp> = {
      [zoneUrl('demo', 'dns')]: /Add record/,
      [zoneUrl('demo', 'page-shield/policies')]: /Create policy/,
      [zoneUrl('demo', 'logs/jobs')]: /Create log job/,
      [zoneUrl('demo', 'logs')]: /Create the list of custom fields/,
      [zoneUrl('demo', 'logs/jobs/new')]: /Create log job/,
      [zoneUrl('demo', 'page-shield/policies/new')]: /Create policy/,
    }
    for (const { path, ready } of PAGES) {
      await page.goto(path)
      await expect(ready(page).first()).toBeVisible()
      await expect(main.getByRole('note').filter({ hasText: /role: this needs|outside your zone scope/ })).toHaveCount(0)
      if (expected[path]) await expect(main.getByRole('button', { name: expected[path] }).or(main.getByRole('link', { name: expected[path] })).first()).toBeEnabled()
      if (path === zoneUrl('demo', 'page-shield')) await expect(page.getByRole('switch', { name: 'Monitoring' })).toBeEnabled()
    }
    await expect(await openTimedOutPack(page)).toBeEnabled()
    await openScript(page)
    await expect(main.getByRole('button', { name: 'Mark as expected' })).toBeEnabled()
    // Account-level work stays with administrators, and says so.
    await page.goto('/load-balancing')
    await expect(main.getByRole('note').filter({ hasText: 'You have the editor role: this needs the administrator role' })).toBeVisible()
    await expect(main.getByRole('button', { name: 'Plan the migration' })).toHaveCount(0)
    // Limited to some zones, the editor is not offered account-level pages; opened
    // anyway, they say the real reason once, with no Retry that could never work.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'DNS records' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Load balancing' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Invites' })).toHaveCount(0)
    for (const path of ['/load-balancing', '/invites']) {
      // /load-balancing is the page already open.
      if (path !== '/load-balancing') await page.goto(path)
      await expect(main.getByText('This is account-level information: it needs access to all zones').first(), path).toBeVisible()
      await expect(main, path).not.toContainText('did not come from this dashboard')
      await expect(main.getByRole('button', { name: 'Retry' }), path).toHaveCount(0)
    }
    await editorContext.close()
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
    await page.getByRole('button', { name: `Explain A record ${demo.name}` }).first().click()
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'You were signed out' })).toBeVisible()
    await expect(main).not.toContainText('dynamically imported module')
    const signInLink = main.getByRole('link', { name: 'Sign in again' })
    await expect(signInLink).toHaveAttribute('href', /^\/login\?next=/)
    await signInLink.click()
    await expect(page.getByLabel('Username')).toBeVisible()
    await danaContext.close()
  })
})
