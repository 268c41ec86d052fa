import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addPerson } from '../../src/testing/server/auth'
import { THROTTLE } from '../../src/server/auth/throttle'
import { createStore } from '../../src/server/store'
import { startOidcProvider, type TestOidcProvider } from '../../src/testing/oidc-provider'
import { postgresMissing, startPostgres, type TestPostgres } from '../../src/testing/postgres'
import { test as base, expect, freePort, SEED_ZONES, startZonekeeper, zoneUrl, type RunningZonekeeper } from '../fixtures'
import { send } from './client'
import { nginxMissing, startNginx, type RunningNginx } from './nginx'

/**
 * The deployment organisations run, all real and on loopback: Debian's nginx ending TLS
 * (a certificate made for this run) and sending requests round robin to two Zonekeeper instances
 * that share one PostgreSQL, single sign-on at a real OpenID Connect provider (oidc-provider: mapped
 * groups give a role and zones, unmapped ones a clear refusal, a taken preferred_username is refused
 * until an administrator links the identity, a replayed callback signs nobody in), TRUSTED_PROXIES set
 * to the proxy. nginx runs the configuration the README shows (nginx.conf.template).
 * Clients are told apart by the loopback address they come from (127.0.0.2, 127.0.0.3 …).
 * (readme.spec.ts checks that the README shows this nginx configuration.)
 * Skipped, saying why, without nginx or PostgreSQL; in CI their absence is an error.
 */
const missing = postgresMissing() ?? nginxMissing()

interface Deployment {
  nginx: RunningNginx
  a: RunningZonekeeper
  b: RunningZonekeeper
  idp: TestOidcProvider
  people: { pat: { id: string; password: string }; sam: { id: string; password: string }; kim: { id: string; password: string } }
}

/** The address nginx connects to the instances from: the one proxy they trust. */
const PROXY = '127.0.0.1'
/** The dashboard's public name in ALLOWED_HOSTS (the browser uses localhost, which is always allowed). */
const PUBLIC_NAME = 'dash.zonekeeper.test'

const test = base.extend<object, { deployment: Deployment; pg: TestPostgres }>({
  pg: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const pg = await startPostgres()
      try {
        await use(pg)
      } finally {
        pg.stop()
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  deployment: [
    async ({ pg }, use) => {
      const url = await pg.createDatabase()
      const [nginxPort, idpPort, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()]
      const publicUrl = `https://localhost:${nginxPort}`
      const idp = await startOidcProvider({
        port: idpPort,
        redirectUri: `${publicUrl}/login/oidc/callback`,
        postLogoutRedirectUri: `${publicUrl}/login`,
        accounts: {
          olivia: { name: 'Olivia Ops', groups: ['staff', 'dns-team'] },
          // Another person at the provider whose preferred_username is also "olivia".
          'olivia-2': { name: 'Olivia Other', groups: ['dns-team'], preferred_username: 'olivia' },
          replay: { name: 'Rita Replay', groups: ['dns-team'] },
          mallory: { name: 'Mallory Visitor', groups: ['contractors'] },
          root: { name: 'Root Admin', groups: ['admins'] },
          // Two more who chose the same preferred_username: the second is linked by an administrator.
          'cy-a': { name: 'Cy Alpha', groups: ['dns-team'], preferred_username: 'cy' },
          'cy-b': { name: 'Cy Beta', groups: ['dns-team'], preferred_username: 'cy' },
        },
      })
      const env = {
        DATABASE_URL: url,
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_GROUPS: 'dns-team=editor:example.com;admins=admin',
        TRUSTED_PROXIES: PROXY,
        ALLOWED_HOSTS: PUBLIC_NAME,
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'zk-deploy-'))
      // The database the instances share, opened here to set people up.
      const store = createStore({ dataDir, databaseUrl: url })
      const started: { stop(): Promise<void> }[] = []
      try {
        // Both at once, as an orchestrator starts them: the migrations take turns in PostgreSQL.
        const instances = await Promise.allSettled([
          startZonekeeper('deploy-a', env, undefined, portA),
          startZonekeeper('deploy-b', env, undefined, portB),
        ])
        for (const i of instances) if (i.status === 'fulfilled') started.push(i.value)
        const [a, b] = instances.map((i) => {
          if (i.status === 'rejected') throw i.reason
          return i.value
        })
        await store.open()
        const pat = await addPerson(store, 'pat', 'admin', '*', 'pat-password-123')
        const sam = await addPerson(store, 'sam', 'editor', '*', 'sam-password-123')
        const kim = await addPerson(store, 'kim', 'editor', '*', 'kim-password-123')
        const nginx = await startNginx(nginxPort, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`])
        started.push(nginx)
        await use({
          nginx,
          a,
          b,
          idp,
          people: {
            pat: { id: pat.person.id, password: pat.password },
            sam: { id: sam.person.id, password: sam.password },
            kim: { id: kim.person.id, password: kim.password },
          },
        })
      } finally {
        await Promise.all(started.map((s) => s.stop()))
        await idp.stop()
        await store.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ deployment }, use) => use(deployment.nginx.url),
})
// The certificate is made by the harness for this run; nobody's trust store knows it.
test.use({ ignoreHTTPSErrors: true })
test.describe.configure({ mode: 'serial', timeout: 60_000 })

test.describe('through nginx', () => {
  test.skip(Boolean(missing), missing ?? '')

  const signIn = (deployment: Deployment, who: 'pat' | 'sam', from: string) =>
    send(`${deployment.nginx.url}/login`, { from, form: { username: who, password: deployment.people[who].password, next: '/' } })
  const direct = (zk: RunningZonekeeper, path: string, cookie: string) => send(`${zk.baseURL}${path}`, { headers: { cookie } })

  async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
    await page.goto('/zones')
    await expect(page).toHaveURL(/\/login\?next=/)
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
    await page.locator('input[name="login"]').fill(login)
    await page.locator('input[name="password"]').fill('any-password')
    await page.getByRole('button', { name: 'Sign-in' }).click()
    await page.getByRole('button', { name: 'Continue' }).click()
  }

  test('single sign-on over TLS; both instances serve the pages; the cookie is Secure; signing out returns over TLS', async ({
    page,
    context,
    deployment,
  }) => {
    await signInAtProvider(page, 'olivia')
    await expect(page).toHaveURL(`${deployment.nginx.url}/zones`)
    // The mapped group's role and zones (dns-team=editor:example.com).
    await expect(page.getByRole('link', { name: /Olivia Ops \(editor\)/ })).toBeVisible()
    const zones = page.getByRole('table', { name: /zones/i })
    await expect(zones.getByText('example.com', { exact: true })).toBeVisible()
    await expect(zones.getByText('newshop.dev')).toHaveCount(0)
    expect((await page.request.get(`/api/v4/zones/${SEED_ZONES.pending.id}`)).status()).toBe(403)
    const cookie = (await context.cookies()).find((c) => c.name === 'zonekeeper_session')
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' })
    await page.goto(zoneUrl('demo', 'dns'))
    await expect(page.getByRole('table', { name: /DNS records of example.com/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add record' })).toBeVisible()
    // Round robin: both instances answer this browser's session (each one's own request log says so).
    for (let i = 0; i < 6; i++) expect((await page.request.get('/api/local/me')).status()).toBe(200)
    for (const zk of [deployment.a, deployment.b]) expect(zk.log()).toMatch(/^GET \/api\/local\/me 200 \d+ms$/m)
    // Signing out ends the provider's session too and comes back to the dashboard over https.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('button', { name: 'Yes, sign me out' }).click()
    await expect(page).toHaveURL(`${deployment.nginx.url}/login`)
    expect((await page.request.get('/api/local/me')).status()).toBe(401)
    // The old cookie is dead, and the provider forgot the person: single sign-on asks for the login again.
    expect((await page.request.get('/api/local/me', { headers: { cookie: `${cookie!.name}=${cookie!.value}` } })).status()).toBe(401)
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click()
    await expect(page.locator('input[name="login"]')).toBeVisible()
  })

  test('a person whose groups map to nothing is refused with a clear page', async ({ page }) => {
    await signInAtProvider(page, 'mallory')
    await expect(page.getByRole('heading', { name: 'No access to Zonekeeper' })).toBeVisible()
    await expect(page.getByText(/none of your groups \(contractors\) gives access/)).toBeVisible()
    expect((await page.request.get('/api/local/me')).status()).toBe(401)
  })

  test('an administrator links a refused identity to a person on the People page', async ({ browser, deployment }) => {
    const open = () => browser.newContext({ baseURL: deployment.nginx.url, ignoreHTTPSErrors: true })
    const [admin, first, second, third] = await Promise.all([open(), open(), open(), open()])
    const issuer = deployment.idp.issuer
    try {
      const cyA = await first.newPage()
      await signInAtProvider(cyA, 'cy-a')
      await expect(cyA).toHaveURL(`${deployment.nginx.url}/zones`)
      const refused = await second.newPage()
      await signInAtProvider(refused, 'cy-b')
      await expect(refused.getByRole('heading', { name: 'Username already in use' })).toBeVisible()

      const page = await admin.newPage()
      await signInAtProvider(page, 'root')
      await expect(page).toHaveURL(`${deployment.nginx.url}/zones`)
      const made = await page.request.post('/api/local/people', {
        headers: { 'x-zonekeeper-request': '1' },
        data: { username: 'cy.beta', display_name: 'Cy Beta', role: 'viewer', zones: '*', password: 'a-long-enough-password' },
      })
      expect(made.status()).toBe(201)
      await page.goto('/people')
      const people = page.getByRole('table', { name: 'People' })
      await expect(people.getByText(`Single sign-on: cy-a at ${issuer}`)).toBeVisible()
      await page.getByRole('button', { name: 'Link single sign-on of cy.beta' }).click()
      const dialog = page.getByRole('dialog', { name: /Link single sign-on to Cy Beta/ })
      await expect(dialog.getByLabel('Issuer')).toHaveValue(issuer)
      await dialog.getByLabel('Subject (sub)').fill('cy-a')
      await dialog.getByRole('button', { name: 'Link identity' }).click()
      await expect(dialog.getByText(/linked to cy: unlink it there first/)).toBeVisible()
      await dialog.getByLabel('Subject (sub)').fill('cy-b')
      await dialog.getByRole('button', { name: 'Link identity' }).click()
      await expect(dialog).toBeHidden()
      await expect(people.getByText(`Single sign-on: cy-b at ${issuer}`)).toBeVisible()

      // Cy Beta signs in again (a fresh browser): now as cy.beta, with the role the provider's groups give.
      const later = await third.newPage()
      await signInAtProvider(later, 'cy-b')
      await expect(later).toHaveURL(`${deployment.nginx.url}/zones`)
      await expect(later.getByRole('link', { name: /Cy Beta \(editor\)/ })).toBeVisible()
      expect((await (await later.request.get('/api/local/me')).json()).result.person.username).toBe('cy.beta')
    } finally {
      await Promise.all([admin.close(), first.close(), second.close(), third.close()])
    }
  })

  test("guesses from one client address do not lock out another behind the same proxy", async ({ deployment }) => {
    const url = deployment.nginx.url
    // The attack: wrong guesses at usernames that do not exist, all from one client.
    for (let i = 0; i < THROTTLE.addressFree; i++) {
      const guess = await send(`${url}/login`, { from: '127.0.0.2', form: { username: `nobody-${i}`, password: 'wrong-guess-1', next: '/' } })
      expect(guess.status).toBe(401)
    }
    // The guesser is slowed down: a further guess is refused (429). Waits grow 1 s, 2 s, 4 s… from the
    // last counted failure; should a busy machine take longer than the first wait between two guesses,
    // that guess is counted and the next wait is longer. Until the wait left is at least 3 s (so the
    // checks below fall inside it however slow the machine), let each wait run out and guess again.
    let refused = await send(`${url}/login`, { from: '127.0.0.2', form: { username: 'nobody-more', password: 'wrong-guess-1', next: '/' } })
    for (let tries = 0; tries < 8 && !(refused.status === 429 && Number(refused.headers['retry-after']) >= 3); tries++) {
      if (refused.status === 429) await new Promise((r) => setTimeout(r, Number(refused.headers['retry-after']) * 1000 + 100))
      refused = await send(`${url}/login`, { from: '127.0.0.2', form: { username: 'nobody-more', password: 'wrong-guess-1', next: '/' } })
    }
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(3)
    // … also with the right password of someone else …
    expect((await signIn(deployment, 'pat', '127.0.0.2')).status).toBe(429)
    // … and cannot pass for another client by sending X-Forwarded-For itself (nginx appends the real one).
    const spoofed = await send(`${url}/login`, {
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.3' },
      form: { username: 'pat', password: deployment.people.pat.password, next: '/' },
    })
    expect(spoofed.status).toBe(429)
    // Another client of the same proxy signs in.
    const other = await signIn(deployment, 'pat', '127.0.0.3')
    expect(other.status).toBe(303)
    expect(other.sessionCookie?.line).toMatch(/; Secure/)
    const sessions = JSON.parse((await send(`${url}/api/local/me/sessions`, { headers: { cookie: other.sessionCookie!.pair } })).body)
    expect(sessions.result.find((s: { current: boolean }) => s.current)).toMatchObject({ address: '127.0.0.3' })
  })

  test('X-Forwarded-Proto and X-Forwarded-For count only from the trusted proxy', async ({ deployment }) => {
    const form = { username: 'pat', password: deployment.people.pat.password, next: '/' }
    const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' }
    // Straight to an instance from an address that is not the proxy: both headers are ignored.
    const untrusted = await send(`${deployment.a.baseURL}/login`, { from: '127.0.0.5', headers: forged, form })
    expect(untrusted.status).toBe(303)
    expect(untrusted.sessionCookie?.line).not.toMatch(/Secure/)
    const mine = JSON.parse((await direct(deployment.b, '/api/local/me/sessions', untrusted.sessionCookie!.pair)).body)
    expect(mine.result.find((s: { current: boolean }) => s.current)).toMatchObject({ address: '127.0.0.5' })
    // The same headers from the proxy's address are believed.
    const trusted = await send(`${deployment.b.baseURL}/login`, { from: PROXY, headers: forged, form })
    expect(trusted.sessionCookie?.line).toMatch(/; Secure/)
  })

  test('nginx passes the Host on: the public name in ALLOWED_HOSTS is answered, any other refused', async ({ deployment }) => {
    const port = deployment.nginx.port
    const named = await send(`${deployment.nginx.url}/login`, { headers: { host: `${PUBLIC_NAME}:${port}` } })
    expect(named.status).toBe(200)
    expect(named.body).toContain('Sign in to Zonekeeper')
    const other = await send(`${deployment.nginx.url}/login`, { headers: { host: `rebound.example:${port}` } })
    expect(other.status).toBe(403)
    expect(JSON.parse(other.body).errors[0].message).toContain('not "rebound.example"')
  })

  test('sign-out, a role change and a revoked token take effect on both instances at once', async ({ deployment }) => {
    const { a, b, nginx } = deployment
    const sam = (await signIn(deployment, 'sam', '127.0.0.6')).sessionCookie!.pair
    const pat = (await signIn(deployment, 'pat', '127.0.0.7')).sessionCookie!.pair
    const role = async (zk: RunningZonekeeper) => JSON.parse((await direct(zk, '/api/local/me', sam)).body).result.person.role
    expect([await role(a), await role(b)]).toEqual(['editor', 'editor'])

    // Role change, made through the proxy by an administrator.
    const write = { 'x-zonekeeper-request': '1' }
    const changed = await send(`${nginx.url}/api/local/people/${deployment.people.sam.id}`, {
      method: 'PATCH',
      headers: { ...write, cookie: pat },
      json: { role: 'viewer' },
    })
    expect(changed.status).toBe(200)
    expect([await role(a), await role(b)]).toEqual(['viewer', 'viewer'])
    for (const zk of [a, b]) {
      const dns = await send(`${zk.baseURL}/api/v4/zones/${SEED_ZONES.demo.id}/dns_records`, {
        headers: { ...write, cookie: sam },
        json: { type: 'A', name: 'refused', content: '192.0.2.10', ttl: 1, proxied: false },
      })
      expect(dns.status).toBe(403)
    }

    // A personal API token: works on both, then revoked through the proxy, refused by both.
    const made = await send(`${nginx.url}/api/local/me/tokens`, { headers: { ...write, cookie: sam }, json: { name: 'deploy test' } })
    expect(made.status).toBe(201)
    const token = JSON.parse(made.body).result as { id: string; token: string }
    const zones = (zk: RunningZonekeeper) => send(`${zk.baseURL}/client/v4/zones`, { headers: { authorization: `Bearer ${token.token}` } })
    expect([(await zones(a)).status, (await zones(b)).status]).toEqual([200, 200])
    const revoked = await send(`${nginx.url}/api/local/me/tokens/${token.id}`, { method: 'DELETE', headers: { ...write, cookie: sam } })
    expect(revoked.status).toBe(200)
    expect([(await zones(a)).status, (await zones(b)).status]).toEqual([403, 403])

    // Sign-out through the proxy: the cookie is dead on both instances.
    expect((await send(`${nginx.url}/logout`, { method: 'POST', headers: { cookie: sam } })).status).toBe(303)
    expect([(await direct(a, '/api/local/me', sam)).status, (await direct(b, '/api/local/me', sam)).status]).toEqual([401, 401])
  })

  test('two provider accounts with the same preferred_username do not become one person', async ({ browser, deployment }) => {
    const first = await browser.newContext({ baseURL: deployment.nginx.url, ignoreHTTPSErrors: true })
    const second = await browser.newContext({ baseURL: deployment.nginx.url, ignoreHTTPSErrors: true })
    try {
      const one = await first.newPage()
      await signInAtProvider(one, 'olivia')
      await expect(one).toHaveURL(`${deployment.nginx.url}/zones`)
      const two = await second.newPage()
      await signInAtProvider(two, 'olivia-2')
      // Refused with a page that says why, naming the provider's subject; no session, and Olivia's account is still hers.
      await expect(two.getByRole('heading', { name: 'Username already in use' })).toBeVisible()
      await expect(two.getByText(/belongs to another person here, so this sign-in was refused/)).toBeVisible()
      await expect(two.getByText(/subject olivia-2/)).toBeVisible()
      expect((await two.request.get('/api/local/me')).status()).toBe(401)
      const me = await (await one.request.get('/api/local/me')).json()
      expect(me.result.person).toMatchObject({ username: 'olivia', display_name: 'Olivia Ops' })
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  test('a callback replayed in another browser signs nobody in', async ({ browser, deployment }) => {
    const victim = await browser.newContext({ baseURL: deployment.nginx.url, ignoreHTTPSErrors: true })
    const other = await browser.newContext({ baseURL: deployment.nginx.url, ignoreHTTPSErrors: true })
    try {
      const page = await victim.newPage()
      let callback = ''
      // The provider's answers are followed here, not by the browser (a route sees only the first
      // request of a redirect chain): the redirect to Zonekeeper's callback is kept, not followed.
      const provider = new URL(deployment.idp.issuer).origin
      await page.route(
        (url) => url.origin === provider,
        async (route) => {
          if (route.request().method() !== 'POST') return route.continue()
          let res = await route.fetch({ maxRedirects: 0 })
          for (let location = res.headers()['location']; location; location = res.headers()['location']) {
            const next = new URL(location, res.url())
            if (next.pathname === '/login/oidc/callback') {
              callback = next.href
              return route.abort()
            }
            if (next.origin !== provider) break
            res = await victim.request.get(next.href, { maxRedirects: 0 })
          }
          return route.fulfill({ response: res })
        },
      )
      await signInAtProvider(page, 'replay').catch(() => undefined)
      await expect.poll(() => callback).toContain('/login/oidc/callback?')
      const replay = await other.newPage()
      await replay.goto(callback)
      await expect(replay.getByRole('heading', { name: 'Sign-in expired' })).toBeVisible()
      expect((await replay.request.get('/api/local/me')).status()).toBe(401)
      expect((await other.cookies()).some((c) => c.name === 'zonekeeper_session')).toBe(false)
      // The browser that started it still finishes its own sign-in.
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.goto(callback)
      await expect(page).toHaveURL(`${deployment.nginx.url}/zones`)
      await expect(page.getByRole('link', { name: /Rita Replay \(editor\)/ })).toBeVisible()
    } finally {
      await Promise.all([victim.close(), other.close()])
    }
  })

  // Practice copies are in PostgreSQL, so a practising person needs no sticky session.
  test('a practising person sees the same practice data on both instances, and concurrent writes lose none', async ({ deployment }) => {
    const { a, b, nginx } = deployment
    const pat = (await signIn(deployment, 'pat', '127.0.0.9')).sessionCookie!.pair
    const write = { 'x-zonekeeper-request': '1', cookie: pat }
    const on = await send(`${nginx.url}/api/local/practice`, { headers: write, json: { practice: true } })
    expect(on.status).toBe(200)
    const records = `/api/v4/zones/${SEED_ZONES.demo.id}/dns_records`
    const add = (zk: RunningZonekeeper, name: string) =>
      send(`${zk.baseURL}${records}`, { headers: write, json: { type: 'A', name, content: '192.0.2.10', ttl: 1, proxied: false } })
    const names = async (zk: RunningZonekeeper) =>
      (JSON.parse((await direct(zk, `${records}?per_page=500`, pat)).body).result as { name: string }[]).map((r) => r.name)
    expect((await add(a, 'practised-on-a')).status).toBe(200)
    expect(await names(b)).toContain(`practised-on-a.${SEED_ZONES.demo.name}`)
    const wanted = Array.from({ length: 10 }, (_, i) => `both-${i}`)
    const answers = await Promise.all(wanted.map((n, i) => add(i % 2 ? b : a, n)))
    expect(answers.map((r) => r.status)).toEqual(wanted.map(() => 200))
    for (const zk of [a, b]) {
      const seen = await names(zk)
      for (const n of wanted) expect(seen).toContain(`${n}.${SEED_ZONES.demo.name}`)
    }
    // The sandbox each instance shares with everyone has none of it.
    await send(`${nginx.url}/api/local/practice`, { headers: write, json: { practice: false } })
    for (const zk of [a, b]) expect(await names(zk)).not.toContain(`practised-on-a.${SEED_ZONES.demo.name}`)
  })

  test('passkeys through the proxy: added and used with the challenge made by one instance and the answer checked by the other', async ({
    page,
    deployment,
  }) => {
    test.setTimeout(90_000)
    const { a, b, nginx } = deployment
    const instances = [a, b]
    /** A mark in both instances' logs (asked directly, so nginx's turn does not move). */
    const markLogs = async () => {
      const key = `mark${randomBytes(6).toString('hex')}`
      for (const zk of instances) expect((await send(`${zk.baseURL}/login?${key}=1`)).status).toBe(200)
      return key
    }
    /** The instance whose log shows `what` after the mark (log lines arrive a moment after the answer). */
    const servedBy = async (key: string, what: RegExp) => {
      const showing = () =>
        instances.filter((zk) => {
          const log = zk.log()
          const at = log.lastIndexOf(`?${key}=`)
          if (at < 0) throw new Error(`the mark ${key} is no longer in the log of ${zk.baseURL}`)
          return what.test(log.slice(at))
        })
      await expect.poll(() => showing().length, { message: `an instance answered ${what}` }).toBeGreaterThan(0)
      const which = showing()
      expect(which, `exactly one instance answered ${what}`).toHaveLength(1)
      return which[0]
    }
    /** Requests through nginx until one lands on `zk`: round robin then sends the next one to the other instance. */
    const nextGoesPast = async (zk: RunningZonekeeper) => {
      for (let i = 0; i < 4; i++) {
        const key = `turn${randomBytes(6).toString('hex')}`
        expect((await send(`${nginx.url}/login?${key}=1`)).status).toBe(200)
        await expect.poll(() => instances.some((x) => x.log().includes(`?${key}=`))).toBe(true)
        if (zk.log().includes(`?${key}=`)) return
      }
      throw new Error('nginx did not send requests round robin')
    }
    const other = (zk: RunningZonekeeper) => (zk === a ? b : a)

    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    })
    const password = async () => {
      await page.goto('/login')
      await page.getByLabel('Username').fill('kim')
      await page.getByLabel('Password').fill(deployment.people.kim.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
    }
    await password()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

    // Adding a passkey: the page (with its one-time challenge) from one instance …
    let mark = await markLogs()
    await page.goto('/two-factor/passkeys')
    await expect(page.getByText('None yet.')).toBeVisible()
    await page.waitForLoadState('networkidle')
    const challenger = await servedBy(mark, /^GET \/two-factor\/passkeys 200 /m)
    await nextGoesPast(challenger)
    // … the browser's answer checked by the other, against the proxy's https origin.
    mark = await markLogs()
    await page.getByLabel('Name of the new passkey').fill('Deploy laptop')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(page.getByRole('heading', { name: 'Passkey added' })).toBeVisible()
    expect(await servedBy(mark, /^POST \/two-factor\/passkeys 200 /m)).toBe(other(challenger))
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0].rpId).toBe('localhost')

    // Signed out, the password alone no longer signs in.
    await page.goto('/account')
    await page.getByRole('button', { name: 'Sign out' }).click()
    // The sign-in page, with or without the way back: the page's own 401 handling may get there
    // first (login?next=/account) when the ended session is noticed before the sign-out's redirect.
    await expect(page).toHaveURL(/\/login(\?next=[^&]*)?$/)
    mark = await markLogs()
    await password()
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
    // (The waiting session is not a sign-in yet: 403 until the second step.)
    expect((await page.request.get('/api/local/me')).status()).toBe(403)
    await page.waitForLoadState('networkidle')
    // The second step's challenge from one instance, the passkey's signature checked by the other.
    const asker = await servedBy(mark, /^GET \/login\/two-factor(\?\S*)? 200 /m)
    await nextGoesPast(asker)
    mark = await markLogs()
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    expect(await servedBy(mark, /^POST \/login\/two-factor 303 /m)).toBe(other(asker))
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(after.credentials[0].signCount).toBeGreaterThan(0)

    // A full session, Secure behind TLS, that both instances know.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'zonekeeper_session')
    expect(cookie).toMatchObject({ secure: true, httpOnly: true })
    for (const zk of instances) {
      const me = await direct(zk, '/api/local/me', `${cookie!.name}=${cookie!.value}`)
      expect(me.status).toBe(200)
      expect(JSON.parse(me.body).result.person.username).toBe('kim')
    }
  })
})
