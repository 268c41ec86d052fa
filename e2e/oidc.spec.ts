import { startOidcProvider, type TestOidcProvider } from '../src/testing/oidc-provider'
import { test as base, expect, freePort, SEED_ZONES, startZonekeeper, zoneUrl, type RunningZonekeeper } from './fixtures'

/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider) started here on
 * loopback: a mapped group signs in with its role and zones; an unmapped one gets a clear refusal.
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
  await expect(zones.getByText('shop-scale.io')).toHaveCount(0)
  expect((await page.request.get(`/api/v4/zones/${SEED_ZONES.scripts.id}`)).status()).toBe(403)
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
