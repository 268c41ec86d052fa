import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { adoptDashboardPassword, issueSetupCode } from './first-run'
import { verifyPassword } from './passwords'
import { addPerson, fromAddress, login, sessionCookie } from '../../testing/server/auth'

const w = { 'x-zonekeeper-request': '1' }

describe('on loopback with nobody defined', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('opens as the local administrator, and offers /setup without a code', async () => {
    const me = await (await app.request('/api/local/me')).json()
    expect(me.result).toMatchObject({ kind: 'local', person: { role: 'admin', zones: '*' } })
    const setup = await (await app.request('/setup')).text()
    expect(setup).toContain('Create the first administrator')
    expect(setup).not.toContain('Setup code')
    // The form sends the fields POST /setup reads (the e2e specs no longer fill it in a browser).
    for (const field of ['username', 'display_name', 'password']) expect(setup).toContain(`name="${field}"`)
  })

  it('requires sign-in as soon as the first administrator exists', async () => {
    const res = await app.request('/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'root', display_name: 'Root', password: 'long-enough-pw' }).toString(),
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('set-cookie')).toContain('zonekeeper_session=')
    expect((await app.request('/api/local/me')).status).toBe(401)
    expect((await app.request('/zones')).headers.get('location')).toBe('/login?next=%2Fzones')
  })
})

describe('signing in and out', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  let pw = ''
  beforeAll(async () => {
    pw = (await addPerson(store, 'vera', 'viewer')).password
  })
  afterAll(() => store.close())

  it('shows a page with Username and Password fields', async () => {
    const html = await (await app.request('/login')).text()
    expect(html).toMatch(/<label for="username">Username<\/label>/)
    expect(html).toMatch(/<label for="password">Password<\/label>/)
  })

  it('refuses a wrong password and an unknown user with the same words', async () => {
    const a = await (await login(app, 'vera', 'nope', '198.51.100.9')).text()
    const b = await (await login(app, 'nobody', 'nope', '198.51.100.9')).text()
    expect(a).toContain('That username and password do not match')
    expect(b).toContain('That username and password do not match')
  })

  it('signs in; sign-out ends the session everywhere (an old cookie gets 401)', async () => {
    const cookie = await sessionCookie(app, 'vera', pw)
    const me = await (await app.request('/api/local/me', { headers: { cookie } })).json()
    expect(me.result.person).toMatchObject({ username: 'vera', role: 'viewer' })
    const out = await app.request('/logout', { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(303)
    const again = await app.request('/api/local/me', { headers: { cookie } })
    expect(again.status).toBe(401)
    expect((await again.json()).errors[0].code).toBe(10401)
  })

  it('lists own sessions and ends one of them', async () => {
    const a = await sessionCookie(app, 'vera', pw, '10.1.1.1')
    const b = await sessionCookie(app, 'vera', pw, '10.1.1.2')
    const list = (await (await app.request('/api/local/me/sessions', { headers: { cookie: a } })).json()).result
    expect(list.map((s: { address: string }) => s.address).sort()).toEqual(['10.1.1.1', '10.1.1.2'])
    const other = list.find((s: { current: boolean }) => !s.current)
    const del = await app.request(`/api/local/me/sessions/${other.handle}`, { method: 'DELETE', headers: { cookie: a, ...w } })
    expect(del.status).toBe(200)
    expect((await app.request('/api/local/me', { headers: { cookie: b } })).status).toBe(401)
    expect((await app.request('/api/local/me', { headers: { cookie: a } })).status).toBe(200)
  })

  it('a disabled person cannot sign in, and their sessions stop working', async () => {
    const { person, password } = await addPerson(store, 'dora', 'editor')
    const cookie = await sessionCookie(app, 'dora', password)
    await store.people.update(person.id, { disabled: true })
    expect((await app.request('/api/local/me', { headers: { cookie } })).status).toBe(401)
    expect((await login(app, 'dora', password)).status).toBe(401)
  })
})

describe('throttling', () => {
  // The clock stands still: a 1 s wait the guesses earned cannot run out while a busy machine hashes
  // the next password, so what the test sees does not depend on the machine's speed.
  const t0 = Date.now()
  const store = createStore({ dataDir: ':memory:', now: () => t0 })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  let pw = ''
  beforeAll(async () => {
    pw = (await addPerson(store, 'owner', 'admin')).password
  })
  afterAll(() => store.close())

  it('slows a guessing address down with growing waits', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await login(app, 'owner', `wrong-${i}`, '203.0.113.1')).status)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses[5]).toBe(429)
    const res = await login(app, 'owner', pw, '203.0.113.1')
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('50 wrong guesses from 10 addresses never lock the owner out from a new address', async () => {
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) await login(app, 'owner', `guess-${a}-${i}`, `198.51.100.${a + 10}`)
    }
    // A new guessing address gets only one free try at an account under attack.
    expect((await login(app, 'owner', 'guess-x', '198.51.100.99')).status).toBe(401)
    expect((await login(app, 'owner', 'guess-y', '198.51.100.99')).status).toBe(429)
    // The owner, from an address that has not failed, gets in at once.
    expect((await login(app, 'owner', pw, '192.0.2.200')).status).toBe(303)
  })
})

describe('first run outside loopback', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig({ host: '0.0.0.0', allowedHosts: ['*'] }), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('sends everyone to /setup, which needs the setup code from the log', async () => {
    const code = await issueSetupCode(store)
    expect((await app.request('/api/local/me')).status).toBe(401)
    expect((await app.request('/')).headers.get('location')).toBe('/setup')
    const form = { username: 'first', display_name: 'First', password: 'long-enough-pw' }
    const post = (body: Record<string, string>) =>
      app.request(
        '/setup',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body).toString(),
        },
        fromAddress('192.0.2.7'),
      )
    expect((await post({ ...form, setup_code: 'WRONG' })).status).toBe(401)
    expect((await post({ ...form, setup_code: code.toLowerCase() })).status).toBe(303)
    expect((await store.people.byUsername('first'))?.role).toBe('admin')
    expect((await post({ ...form, username: 'second', setup_code: code })).headers.get('location')).toBe('/login')
  })
})

describe('DASHBOARD_PASSWORD from before people existed', () => {
  it('becomes the password of the administrator "admin", once', async () => {
    const store = createStore({ dataDir: ':memory:' })
    expect(await adoptDashboardPassword(store, 'old-shared-password')).toMatch(/Sign in as admin/)
    const admin = await store.people.byUsername('admin')
    expect(admin?.role).toBe('admin')
    expect(await verifyPassword('old-shared-password', admin!.passwordHash!)).toBe(true)
    expect(await adoptDashboardPassword(store, 'old-shared-password')).toMatch(/no longer used/)
    expect(await store.people.count()).toBe(1)
    await store.close()
  })
})

describe('form posts from other sites', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())
  const post = (headers: Record<string, string>) =>
    app.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'username=a&password=b',
    })

  it('are refused; a null Origin passes only when the browser says same-origin', async () => {
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({ origin: 'null' })).status).toBe(403)
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })).status).not.toBe(403)
    expect((await post({ origin: 'http://localhost' })).status).not.toBe(403)
  })
})

describe('one-time passwords', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())
  const form = (cookie: string, body: Record<string, string>) =>
    app.request('/password', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    })

  it('must be replaced before anything else; the new one works, the given one no longer does', async () => {
    const { password } = await addPerson(store, 'boss', 'admin')
    const admin = await sessionCookie(app, 'boss', password)
    const added = await app.request('/api/local/people', {
      method: 'POST',
      headers: { cookie: admin, 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'newbie',
        display_name: 'Newbie',
        role: 'viewer',
        zones: '*',
        password: 'given-by-boss-1',
      }),
    })
    expect(added.status).toBe(201)
    const cookie = await sessionCookie(app, 'newbie', 'given-by-boss-1')
    expect((await app.request('/zones', { headers: { cookie } })).headers.get('location')).toBe('/password')
    const api = await app.request('/api/v4/zones', { headers: { cookie } })
    expect(api.status).toBe(403)
    expect((await api.json()).errors[0].message).toContain('Choose your own password first')
    expect(await (await app.request('/password', { headers: { cookie } })).text()).toContain('Choose your own password')
    expect((await form(cookie, { current: 'wrong', password: 'my-own-password', again: 'my-own-password' })).status).toBe(401)
    expect((await form(cookie, { current: 'given-by-boss-1', password: 'my-own-password', again: 'different-one' })).status).toBe(
      400,
    )
    expect(
      (await form(cookie, { current: 'given-by-boss-1', password: 'my-own-password', again: 'my-own-password' })).status,
    ).toBe(303)
    expect((await app.request('/api/v4/zones', { headers: { cookie } })).status).toBe(200)
    expect((await login(app, 'newbie', 'given-by-boss-1', '192.0.2.50')).status).toBe(401)
    expect((await login(app, 'newbie', 'my-own-password', '192.0.2.51')).status).toBe(303)
  })
})
