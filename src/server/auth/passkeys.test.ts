import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createStore, type Store } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { storeBackends } from '../../testing/store-backends'
import { parseTrustedProxies } from '../http/trusted-proxies'
import { SoftwareAuthenticator, pageOptions } from '../../testing/server/authenticator'
import { addPerson, fromAddress, login } from '../../testing/server/auth'

const ORIGIN = 'http://localhost' // app.request's URLs: the relying party is `localhost`
const form = (cookie: string, body: Record<string, string>) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
})
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? ''
type Creation = Parameters<SoftwareAuthenticator['create']>[0]
type Request = Parameters<SoftwareAuthenticator['get']>[0]

/** Adds a passkey through /two-factor/passkeys as the browser would; answers the page after it. */
async function addPasskey(app: Hono, cookie: string, key: SoftwareAuthenticator, name: string, address: string) {
  const page = await app.request('/two-factor/passkeys', { headers: { cookie } }, fromAddress(address))
  expect(page.status).toBe(200)
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
  const options = pageOptions<Creation>(await page.text())
  const credential = JSON.stringify(key.create(options))
  return app.request('/two-factor/passkeys', form(cookie, { action: 'add', name, credential }), fromAddress(address))
}

/** Password, then the second-factor page's passkey options: answers the waiting session and the options. */
async function waitingForPasskey(app: Hono, username: string, password: string, address: string) {
  const res = await login(app, username, password, address)
  expect(res.headers.get('location')).toBe('/login/two-factor?next=%2F')
  const cookie = cookieOf(res)
  const page = await app.request('/login/two-factor', { headers: { cookie } }, fromAddress(address))
  const html = await page.text()
  expect(html).toContain('Use a passkey')
  return { cookie, options: pageOptions<Request>(html) }
}

describe('passkeys as the second factor of a password account', () => {
  let clock = Date.now()
  const store = createStore({ dataDir: ':memory:', now: () => clock })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const key = new SoftwareAuthenticator(ORIGIN)
  let pw = ''
  let personId = ''
  let recovery: string[] = []
  beforeAll(async () => {
    const added = await addPerson(store, 'pia', 'editor')
    pw = added.password
    personId = added.person.id
  })
  afterAll(() => store.close())

  it('adds a passkey from a signed-in session: verified, listed by name, recovery codes shown once, audited', async () => {
    const cookie = cookieOf(await login(app, 'pia', pw, '198.51.100.1'))
    const res = await addPasskey(app, cookie, key, 'Work <laptop>', '198.51.100.1')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Passkey added')
    recovery = [.../<ul class="codes"[^>]*>([\s\S]*?)<\/ul>/.exec(html)![1].matchAll(/<code>([a-z2-9]{5}-[a-z2-9]{5})<\/code>/g)].map((m) => m[1])
    expect(recovery).toHaveLength(10)
    // With Copy all (its script, allowed by the page's CSP) and the download, as on the app's page.
    expect(html).toContain('<script src="/login/recovery-codes.js"></script>')
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(html).toContain(`<input type="hidden" name="codes" value="${recovery.join(' ')}"><button type="submit">Download as a text file</button>`)
    const list = await (await app.request('/two-factor/passkeys', { headers: { cookie } })).text()
    expect(list).toContain('<strong>Work &lt;laptop&gt;</strong>')
    expect(list).toContain('not used yet')
    const [stored] = await store.passkeys.list(personId)
    expect(stored).toMatchObject({ name: 'Work <laptop>', credentialId: key.credentialId.toString('base64url'), counter: 0, transports: ['internal'] })
    const { entries } = await store.audit.list({ person: 'pia', action: 'two-factor-on' }, 1, 5)
    expect(entries[0]).toMatchObject({ outcome: 'success', resourceType: 'passkey' })
    // The same registration posted again: its challenge was used.
    const again = await app.request('/two-factor/passkeys', form(cookie, { action: 'add', name: 'Twice', credential: JSON.stringify(key.create({ challenge: 'x', rp: { id: 'localhost', name: 'Z' }, user: { id: 'x' } })) }))
    expect(again.status).toBe(400)
  })

  it('signs in with password + passkey: the counter moves, the session becomes full, a success entry names the passkey', async () => {
    const { cookie, options } = await waitingForPasskey(app, 'pia', pw, '198.51.100.2')
    expect((await app.request('/api/local/me', { headers: { cookie } })).status).toBe(403)
    const res = await app.request('/login/two-factor', form(cookie, { credential: JSON.stringify(key.get(options)), next: '/zones' }), fromAddress('198.51.100.2'))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/zones')
    const full = cookieOf(res)
    expect((await app.request('/api/local/me', { headers: { cookie: full } })).status).toBe(200)
    expect((await app.request('/api/local/me', { headers: { cookie } })).status).toBe(401)
    expect((await store.passkeys.list(personId))[0]).toMatchObject({ counter: 1, lastUsedAt: clock })
    const [entry] = (await store.audit.list({ person: 'pia', action: 'second-factor' }, 1, 5)).entries
    expect(entry).toMatchObject({ outcome: 'success', after: { with: 'passkey "Work <laptop>"' } })
  })

  it('refuses a replayed assertion, one from another origin, and an expired challenge', async () => {
    // Replay: the same assertion posted from a second waiting session (its challenge was used).
    const first = await waitingForPasskey(app, 'pia', pw, '198.51.100.3')
    const assertion = JSON.stringify(key.get(first.options))
    expect((await app.request('/login/two-factor', form(first.cookie, { credential: assertion }), fromAddress('198.51.100.3'))).status).toBe(303)
    const second = await waitingForPasskey(app, 'pia', pw, '198.51.100.3')
    const replay = await app.request('/login/two-factor', form(second.cookie, { credential: assertion }), fromAddress('198.51.100.3'))
    expect(replay.status).toBe(401)
    expect(await replay.text()).toContain('expired or was used already')
    // A page of another site relaying the prompt: the origin in clientDataJSON is not ours.
    const phished = await waitingForPasskey(app, 'pia', pw, '198.51.100.3')
    const foreign = JSON.stringify(key.get(phished.options, { origin: 'https://evil.example' }))
    expect((await app.request('/login/two-factor', form(phished.cookie, { credential: foreign }), fromAddress('198.51.100.3'))).status).toBe(401)
    // Expired: the prompt was left open longer than five minutes.
    const late = await waitingForPasskey(app, 'pia', pw, '198.51.100.4')
    clock += 5 * 60_000 + 1
    const res = await app.request('/login/two-factor', form(late.cookie, { credential: JSON.stringify(key.get(late.options)) }), fromAddress('198.51.100.4'))
    expect(res.status).toBe(401)
    expect(await res.text()).toContain('expired or was used already')
    const reasons = (await store.audit.list({ person: 'pia', action: 'second-factor' }, 1, 20)).entries.filter((e) => e.outcome === 'failure').map((e) => e.errors[0]?.message)
    expect(reasons).toContain('passkey: challenge expired or used')
  })

  it('refuses a counter that does not move forward (a cloned authenticator)', async () => {
    const before = (await store.passkeys.list(personId))[0].counter
    const { cookie, options } = await waitingForPasskey(app, 'pia', pw, '198.51.100.5')
    const res = await app.request('/login/two-factor', form(cookie, { credential: JSON.stringify(key.get(options, { counter: before - 1 })) }), fromAddress('198.51.100.5'))
    expect(res.status).toBe(401)
    const same = await waitingForPasskey(app, 'pia', pw, '198.51.100.5')
    expect((await app.request('/login/two-factor', form(same.cookie, { credential: JSON.stringify(key.get(same.options, { counter: before })) }), fromAddress('198.51.100.5'))).status).toBe(401)
    expect((await store.passkeys.list(personId))[0].counter).toBe(before)
    const [entry] = (await store.audit.list({ person: 'pia', action: 'second-factor' }, 1, 5)).entries
    expect(entry.errors[0]?.message).toBe('passkey: counter did not move forward (a copied passkey?)')
    key.counter = before
  })

  it("refuses another person's passkey and a forged signature; wrong passkeys are throttled like wrong codes", async () => {
    const other = new SoftwareAuthenticator(ORIGIN)
    const statuses: number[] = []
    const { cookie } = await waitingForPasskey(app, 'pia', pw, '198.51.100.6')
    for (let i = 0; i < 7; i++) {
      const page = await app.request('/login/two-factor', { headers: { cookie } }, fromAddress('198.51.100.6'))
      const options = pageOptions<Request>(await page.text())
      // A key the person never added (signed correctly, but by a stranger's key).
      statuses.push((await app.request('/login/two-factor', form(cookie, { credential: JSON.stringify(other.get(options)) }), fromAddress('198.51.100.6'))).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
  })

  it('a recovery code still stands in for the passkey', async () => {
    const res = await login(app, 'pia', pw, '198.51.100.8')
    const cookie = cookieOf(res)
    expect((await app.request('/login/two-factor', form(cookie, { code: recovery[0] }), fromAddress('198.51.100.8'))).status).toBe(303)
  })

  it('removes a passkey: the last one gone, sign-in asks for the password only', async () => {
    const cookie = cookieOf(await app.request('/login/two-factor', form((await waitingForPasskey(app, 'pia', pw, '198.51.100.9')).cookie, { credential: '' }), fromAddress('198.51.100.9')))
    expect(cookie).toBe('') // an empty credential is a wrong code, not a sign-in
    const { cookie: waiting, options } = await waitingForPasskey(app, 'pia', pw, '198.51.100.10')
    const full = cookieOf(await app.request('/login/two-factor', form(waiting, { credential: JSON.stringify(key.get(options)) }), fromAddress('198.51.100.10')))
    const [p] = await store.passkeys.list(personId)
    expect((await app.request('/two-factor/passkeys', form(full, { action: 'remove', id: 'nope' }))).status).toBe(404)
    const removed = await app.request('/two-factor/passkeys', form(full, { action: 'remove', id: p.id }))
    expect(removed.status).toBe(200)
    expect(await store.passkeys.count(personId)).toBe(0)
    expect(await store.twoFactor.recoveryCodesLeft(personId)).toBe(0)
    expect((await login(app, 'pia', pw, '198.51.100.11')).headers.get('location')).toBe('/')
  })
})

describe('passkeys and what administrators decide', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
  let admin = ''
  beforeAll(async () => {
    const { person, password } = await addPerson(store, 'ada', 'admin')
    admin = cookieOf(await login(app, 'ada', password, '198.51.100.20'))
    // The administrator has a second factor of her own: a policy requiring one keeps her session.
    await store.twoFactor.prepare(person.id, 'JBSWY3DPEHPK3PXP')
    await store.twoFactor.enable(person.id, 1, ['aaaaa-bbbbb'])
  })
  afterAll(() => store.close())

  it('a passkey counts as the required second factor; setting one up can be a passkey; the reset removes passkeys', async () => {
    expect((await app.request('/api/local/settings/two-factor', { method: 'PUT', headers: { ...w, cookie: admin }, body: JSON.stringify({ policy: 'everyone' }) })).status).toBe(200)
    const { person, password } = await addPerson(store, 'ned', 'editor')
    const first = await login(app, 'ned', password, '198.51.100.21')
    expect(first.headers.get('location')).toBe('/two-factor')
    const enrolling = cookieOf(first)
    // The enrol session reaches the passkeys page (and nothing else of the dashboard).
    expect((await app.request('/api/v4/zones', { headers: { cookie: enrolling } })).status).toBe(403)
    const key = new SoftwareAuthenticator(ORIGIN)
    const added = await addPasskey(app, enrolling, key, 'Phone', '198.51.100.21')
    expect(added.status).toBe(200)
    const full = cookieOf(added)
    expect(full).not.toBe('')
    expect((await app.request('/api/v4/zones', { headers: { cookie: full } })).status).toBe(200)
    // Next sign-in: the passkey is asked for, nothing to set up.
    const { cookie, options } = await waitingForPasskey(app, 'ned', password, '198.51.100.22')
    expect((await app.request('/login/two-factor', form(cookie, { credential: JSON.stringify(key.get(options)) }), fromAddress('198.51.100.22'))).status).toBe(303)
    // Required and the last one: its owner cannot remove it.
    const [p] = await store.passkeys.list(person.id)
    expect((await app.request('/two-factor/passkeys', form(full, { action: 'remove', id: p.id }))).status).toBe(409)
    // The administrator's reset removes it: the next sign-in sets a second factor up again.
    const reset = await app.request(`/api/local/people/${person.id}/two-factor`, { method: 'DELETE', headers: { ...w, cookie: admin } })
    expect((await reset.json()).result).toEqual({ reset: true })
    expect(await store.passkeys.count(person.id)).toBe(0)
    expect((await login(app, 'ned', password, '198.51.100.23')).headers.get('location')).toBe('/two-factor')
  })

  it('garbage instead of a passkey is a 401 or 400 page, never a 500', async () => {
    const { password } = await addPerson(store, 'gus', 'viewer')
    const enrolling = cookieOf(await login(app, 'gus', password, '198.51.100.30'))
    const added = await addPasskey(app, enrolling, new SoftwareAuthenticator(ORIGIN), 'Key', '198.51.100.30')
    expect(added.status).toBe(200)
    const cookie = cookieOf(added) || enrolling
    const bad = ['{', 'null', '[]', '{"id":1}', JSON.stringify({ id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!!!', authenticatorData: 'x', signature: 'y' } })]
    for (const [i, credential] of bad.entries()) {
      const address = `198.51.100.${31 + i}`
      const waiting = cookieOf(await login(app, 'gus', password, address))
      expect((await app.request('/login/two-factor', form(waiting, { credential }), fromAddress(address))).status).toBe(401)
      expect((await app.request('/two-factor/passkeys', form(cookie, { action: 'add', name: 'X', credential }))).status).toBe(400)
    }
  })

  it('a registration challenge is bound to the session it was given to', async () => {
    const { password } = await addPerson(store, 'oli', 'viewer')
    await app.request('/api/local/settings/two-factor', { method: 'PUT', headers: { ...w, cookie: admin }, body: JSON.stringify({ policy: 'optional' }) })
    const a = cookieOf(await login(app, 'oli', password, '198.51.100.24'))
    const b = cookieOf(await login(app, 'oli', password, '198.51.100.25'))
    const options = pageOptions<Creation>(await (await app.request('/two-factor/passkeys', { headers: { cookie: a } })).text())
    const credential = JSON.stringify(new SoftwareAuthenticator(ORIGIN).create(options))
    const res = await app.request('/two-factor/passkeys', form(b, { action: 'add', name: 'Stolen', credential }))
    expect(res.status).toBe(400)
    expect((await app.request('/two-factor/passkeys', form(a, { action: 'add', name: '', credential }))).status).toBe(400)
    expect((await app.request('/two-factor/passkeys', form(a, { action: 'add', name: 'Ok', credential }))).status).toBe(200)
  })
})

describe('passkeys behind a TLS proxy (TRUSTED_PROXIES)', () => {
  const PROXY = '10.0.0.5'
  const store = createStore({ dataDir: ':memory:' })
  const config = testConfig({ trustedProxies: parseTrustedProxies(PROXY), allowedHosts: ['dash.example.com'] })
  const app = createApp({ config, emulator: fakeEmulator(), store })
  const url = (path: string) => `http://dash.example.com${path}`
  const via = (peer: string, client: string, headers: Record<string, string> = {}) => ({
    headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https', ...headers },
    env: fromAddress(peer),
  })
  const post = (path: string, cookie: string, body: Record<string, string>, peer: string, client: string) => {
    const v = via(peer, client, { cookie, 'content-type': 'application/x-www-form-urlencoded' })
    return app.request(url(path), { method: 'POST', headers: v.headers, body: new URLSearchParams(body).toString() }, v.env)
  }
  const get = (path: string, cookie: string, peer: string, client: string) => {
    const v = via(peer, client, { cookie })
    return app.request(url(path), { headers: v.headers }, v.env)
  }
  afterAll(() => store.close())

  it('the relying party is the public name and the origin https only as the trusted proxy says', async () => {
    const { password } = await addPerson(store, 'tia', 'viewer')
    const key = new SoftwareAuthenticator('https://dash.example.com')
    const signIn = async (peer: string, client: string) => cookieOf(await post('/login', '', { username: 'tia', password, next: '/' }, peer, client))
    const full = await signIn(PROXY, '198.51.100.40')
    const options = pageOptions<Creation>(await (await get('/two-factor/passkeys', full, PROXY, '198.51.100.40')).text())
    expect(options.rp.id).toBe('dash.example.com')
    expect((await post('/two-factor/passkeys', full, { action: 'add', name: 'Proxy', credential: JSON.stringify(key.create(options)) }, PROXY, '198.51.100.40')).status).toBe(200)
    // Through the proxy: https://dash.example.com is the origin, the passkey signs in.
    const waiting = await signIn(PROXY, '198.51.100.41')
    const req = pageOptions<Request>(await (await get('/login/two-factor', waiting, PROXY, '198.51.100.41')).text())
    expect((await post('/login/two-factor', waiting, { credential: JSON.stringify(key.get(req)) }, PROXY, '198.51.100.41')).status).toBe(303)
    // The same headers from a client that is not the proxy are not believed: the origin is http there.
    const direct = await signIn('198.51.100.42', '198.51.100.42')
    const req2 = pageOptions<Request>(await (await get('/login/two-factor', direct, '198.51.100.42', '1.2.3.4')).text())
    expect((await post('/login/two-factor', direct, { credential: JSON.stringify(key.get(req2)) }, '198.51.100.42', '1.2.3.4')).status).toBe(401)
    const [entry] = (await store.audit.list({ person: 'tia', action: 'second-factor' }, 1, 5)).entries
    expect(entry.errors[0]?.message).toMatch(/^passkey: not verified: .*origin/i)
  })

  it('an IP address cannot be a relying party: the page says why instead of offering passkeys', async () => {
    const { password } = await addPerson(store, 'ivy', 'viewer')
    const res = await app.request('http://127.0.0.1/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: 'ivy', password, next: '/' }).toString() }, fromAddress('198.51.100.43'))
    const html = await (await app.request('http://127.0.0.1/two-factor/passkeys', { headers: { cookie: cookieOf(res) } })).text()
    expect(html).toContain('not by an IP address (127.0.0.1)')
    expect(html).not.toContain('zk-data')
  })
})

const { backends } = storeBackends('zk-passkeys-')
describe.each(backends)('passkeys in the store on $name', ({ skip, open }) => {
  let store: Store
  let clock = 1_700_000_000_000
  beforeAll(async () => {
    if (!skip) store = await open(() => clock)
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('a challenge is used once (10 at once: one passes), only by its session and purpose, only until it expires', async () => {
    const p = (await store.people.add({ username: 'cas', displayName: 'Cas', role: 'viewer', zones: '*', passwordHash: 'h' }))!
    const ch = await store.passkeys.challenge(p.id, 's1', 'authenticate', 60_000)
    expect(await store.passkeys.useChallenge(ch, p.id, 's2', 'authenticate')).toBe(false)
    expect(await store.passkeys.useChallenge(ch, p.id, 's1', 'register')).toBe(false)
    const tries = await Promise.all(Array.from({ length: 10 }, () => store.passkeys.useChallenge(ch, p.id, 's1', 'authenticate')))
    expect(tries.filter(Boolean)).toHaveLength(1)
    const old = await store.passkeys.challenge(p.id, 's1', 'register', 60_000)
    clock += 60_000
    expect(await store.passkeys.useChallenge(old, p.id, 's1', 'register')).toBe(false)
  })

  it.skipIf(skip)('a counter moves forward once (10 racing replays: one passes); credential ids are unique', async () => {
    const p = (await store.people.add({ username: 'dee', displayName: 'Dee', role: 'viewer', zones: '*', passwordHash: 'h' }))!
    const key = { credentialId: 'cred-1', publicKey: new Uint8Array([1, 2, 3]), counter: 5, transports: ['usb'], name: 'Key' }
    const added = (await store.passkeys.add(p.id, key))!
    expect(await store.passkeys.add(p.id, { ...key, name: 'Again' })).toBeUndefined()
    const uses = await Promise.all(Array.from({ length: 10 }, () => store.passkeys.use(p.id, added.id, 6)))
    expect(uses.filter(Boolean)).toHaveLength(1)
    expect(await store.passkeys.use(p.id, added.id, 4)).toBe(false)
    expect((await store.passkeys.list(p.id))[0]).toMatchObject({ counter: 6, publicKey: new Uint8Array([1, 2, 3]), transports: ['usb'] })
    expect(await store.passkeys.removeAll(p.id)).toBe(1)
  })
})
