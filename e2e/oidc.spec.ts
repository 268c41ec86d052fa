import { startOidcProvider, type TestOidcProvider } from '../src/testing/oidc-provider'
import { test as base, expect, freePort, SEED_ZONES, startZonekeeper, zoneUrl, type RunningZonekeeper } from './fixtures'

/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider) started here on
 * loopback: a mapped group signs in with its role and zones; an unmapped one gets a clear refusal; a
 * second provider user with a taken preferred_username is refused until an administrator links them;
 * a callback opened in another browser signs nobody in.
 */
interface World {
  zk: RunningZonekeeper
  idp: TestOidcProvider
}

const test = base.extend<object, { world: World }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const [zkPort, idpPort] = [await freePort(), await freePort()]
      const idp = await startOidcProvider({
        port: idpPort,
        redirectUri: `http://127.0.0.1:${zkPort}/login/oidc/callback`,
        postLogoutRedirectUri: `http://127.0.0.1:${zkPort}/login`,
        accounts: {
          olivia: { name: 'Olivia Ops', groups: ['staff', 'dns-team'] },
          mallory: { name: 'Mallory Visitor', groups: ['contractors'] },
          root: { name: 'Root Admin', groups: ['admins'] },
          // Two people at the provider who chose the same preferred_username.
          'bob-a': { name: 'Bob Alpha', groups: ['dns-team'], preferred_username: 'bob' },
          'bob-b': { name: 'Bob Beta', groups: ['dns-team'], preferred_username: 'bob' },
          'cy-a': { name: 'Cy Alpha', groups: ['dns-team'], preferred_username: 'cy' },
          'cy-b': { name: 'Cy Beta', groups: ['dns-team'], preferred_username: 'cy' },
        },
      })
      const zk = await startZonekeeper(
        'oidc',
        {
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          OIDC_GROUPS: 'dns-team=editor:example.com;admins=admin',
        },
        undefined,
        zkPort,
      )
      try {
        await use({ zk, idp })
      } finally {
        await zk.stop()
        await idp.stop()
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ world }, use) => use(world.zk.baseURL),
})
test.describe.configure({ timeout: 60_000 })

async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await page.goto('/zones')
  await expect(page).toHaveURL(/\/login\?next=/)
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
  await providerLogin(page, login)
}

async function providerLogin(page: import('@playwright/test').Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any-password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('a person in a mapped group signs in with its role and zones', async ({ page }) => {
  await signInAtProvider(page, 'olivia')
  await expect(page).toHaveURL(/\/zones$/)
  await expect(page.getByRole('link', { name: /Olivia Ops \(editor\)/ })).toBeVisible()
  const zones = page.getByRole('table', { name: /zones/i })
  await expect(zones.getByText('example.com', { exact: true })).toBeVisible()
  await expect(zones.getByText('newshop.dev')).toHaveCount(0)
  expect((await page.request.get(`/api/v4/zones/${SEED_ZONES.pending.id}`)).status()).toBe(403)
  await page.goto(zoneUrl('demo', 'dns'))
  await expect(page.getByRole('button', { name: 'Add record' })).toBeVisible()
})

test('a person whose groups map to nothing is refused with a clear page', async ({ page }) => {
  await signInAtProvider(page, 'mallory')
  await expect(page.getByRole('heading', { name: 'No access to Zonekeeper' })).toBeVisible()
  await expect(page.getByText(/none of your groups \(contractors\) gives access/)).toBeVisible()
  expect((await page.request.get('/api/local/me')).status()).toBe(401)
})

test('signing out ends the session at the provider too (RP-initiated logout)', async ({ page, context, world }) => {
  await signInAtProvider(page, 'olivia')
  await expect(page).toHaveURL(/\/zones$/)
  const cookie = (await context.cookies()).find((c) => c.name === 'zonekeeper_session')
  expect(cookie).toBeDefined()
  await page.getByRole('button', { name: 'Sign out' }).click()
  // The provider's own end-session page (oidc-provider asks first), then back to Zonekeeper's sign-in.
  await expect(page.getByRole('heading', { name: /Do you want to sign-out/ })).toBeVisible()
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/login$/)
  await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(new URL(world.zk.baseURL).origin)
  // The provider forgot the person: single sign-on asks for the login again instead of passing through.
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
  await expect(page.locator('input[name="login"]')).toBeVisible()
  // And the old Zonekeeper cookie is dead.
  const res = await page.request.get('/api/local/me', { headers: { cookie: `${cookie!.name}=${cookie!.value}` } })
  expect(res.status()).toBe(401)
})

// A second provider user whose preferred_username is taken, and a callback replayed in another
// browser: e2e/deploy/deploy.spec.ts proves both through nginx and two instances.

test('an administrator links a refused identity to a person on the People page', async ({ browser, baseURL, world }) => {
  const admin = await browser.newContext({ baseURL })
  const first = await browser.newContext({ baseURL })
  const second = await browser.newContext({ baseURL })
  const third = await browser.newContext({ baseURL })
  try {
    const cyA = await first.newPage()
    await signInAtProvider(cyA, 'cy-a')
    await expect(cyA).toHaveURL(/\/zones$/)
    const refused = await second.newPage()
    await signInAtProvider(refused, 'cy-b')
    await expect(refused.getByRole('heading', { name: 'Username already in use' })).toBeVisible()

    const page = await admin.newPage()
    await signInAtProvider(page, 'root')
    await expect(page).toHaveURL(/\/zones$/)
    const made = await page.request.post('/api/local/people', {
      headers: { 'x-zonekeeper-request': '1' },
      data: { username: 'cy.beta', display_name: 'Cy Beta', role: 'viewer', zones: '*', password: 'a-long-enough-password' },
    })
    expect(made.status()).toBe(201)
    await page.goto('/people')
    const people = page.getByRole('table', { name: 'People' })
    await expect(people.getByText(`Single sign-on: cy-a at ${world.idp.issuer}`)).toBeVisible()
    await page.getByRole('button', { name: 'Link single sign-on of cy.beta' }).click()
    const dialog = page.getByRole('dialog', { name: /Link single sign-on to Cy Beta/ })
    await expect(dialog.getByLabel('Issuer')).toHaveValue(world.idp.issuer)
    await dialog.getByLabel('Subject (sub)').fill('cy-a')
    await dialog.getByRole('button', { name: 'Link identity' }).click()
    await expect(dialog.getByText(/linked to cy: unlink it there first/)).toBeVisible()
    await dialog.getByLabel('Subject (sub)').fill('cy-b')
    await dialog.getByRole('button', { name: 'Link identity' }).click()
    await expect(dialog).toBeHidden()
    await expect(people.getByText(`Single sign-on: cy-b at ${world.idp.issuer}`)).toBeVisible()

    // Cy Beta signs in again (a fresh browser): now as cy.beta, with the role the provider's groups give.
    const later = await third.newPage()
    await signInAtProvider(later, 'cy-b')
    await expect(later).toHaveURL(/\/zones$/)
    await expect(later.getByRole('link', { name: /Cy Beta \(editor\)/ })).toBeVisible()
    expect((await (await later.request.get('/api/local/me')).json()).result.person.username).toBe('cy.beta')
  } finally {
    await admin.close()
    await first.close()
    await second.close()
    await third.close()
  }
})
