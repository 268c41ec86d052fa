import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createStore, type Store } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { storeBackends } from '../../testing/store-backends'
import { addPerson, fromAddress, login } from '../../testing/server/auth'

const form = (cookie: string, body: Record<string, string>) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
})
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? ''
/** The recovery codes a page lists (`recoveryCodesBlock`), in their order. */
const shownCodes = (page: string) => [.../<ul class="codes"[^>]*>([\s\S]*?)<\/ul>/.exec(page)![1].matchAll(/<code>([a-z2-9]{5}-[a-z2-9]{5})<\/code>/g)].map((m) => m[1])
/** A code of the authenticator app `steps` periods from now (each code works once). */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps })

/** Signs in with the password, sets up the app on /two-factor; answers the secret and the recovery codes. */
async function enrol(app: Hono, username: string, password: string, address: string) {
  const res = await login(app, username, password, address)
  let cookie = cookieOf(res)
  const setup = await (await app.request('/two-factor', { headers: { cookie } })).text()
  const secret = /secret=([A-Z2-7]+)/.exec(setup)![1]
  const done = await app.request('/two-factor', form(cookie, { action: 'enable', code: await code(secret) }), fromAddress(address))
  expect(done.status).toBe(200)
  cookie = cookieOf(done) || cookie
  const recovery = shownCodes(await done.text())
  expect(recovery).toHaveLength(10)
  return { secret, recovery, cookie, first: res }
}

describe('two-factor sign-in with an authenticator app', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  let secret = ''
  let recovery: string[] = []
  let pw = ''
  beforeAll(async () => {
    pw = (await addPerson(store, 'tess', 'editor')).password
    ;({ secret, recovery } = await enrol(app, 'tess', pw, '203.0.113.80'))
  })
  afterAll(() => store.close())

  it('asks for the code after the password; the session does nothing else until then', async () => {
    const res = await login(app, 'tess', pw, '203.0.113.81')
    expect(res.headers.get('location')).toBe('/login/two-factor?next=%2F')
    const waiting = cookieOf(res)
    expect((await app.request('/api/local/me', { headers: { cookie: waiting } })).status).toBe(403)
    expect((await app.request('/zones', { headers: { cookie: waiting } })).headers.get('location')).toBe('/login/two-factor')
    const used = await code(secret, 1)
    const ok = await app.request('/login/two-factor', form(waiting, { code: used, next: '/zones' }), fromAddress('203.0.113.81'))
    expect(ok.status).toBe(303)
    expect(ok.headers.get('location')).toBe('/zones')
    const full = cookieOf(ok)
    expect((await app.request('/api/local/me', { headers: { cookie: full } })).status).toBe(200)
    // The waiting session ended; the same code does not work twice.
    expect((await app.request('/api/local/me', { headers: { cookie: waiting } })).status).toBe(401)
    const again = cookieOf(await login(app, 'tess', pw, '203.0.113.82'))
    expect((await app.request('/login/two-factor', form(again, { code: used }), fromAddress('203.0.113.82'))).status).toBe(401)
  })

  it('accepts each recovery code once', async () => {
    const a = cookieOf(await login(app, 'tess', pw, '203.0.113.83'))
    expect((await app.request('/login/two-factor', form(a, { code: recovery[0].toUpperCase() }), fromAddress('203.0.113.83'))).status).toBe(303)
    const b = cookieOf(await login(app, 'tess', pw, '203.0.113.84'))
    expect((await app.request('/login/two-factor', form(b, { code: recovery[0] }), fromAddress('203.0.113.84'))).status).toBe(401)
  })

  it("a second person's recovery code does not sign in the first; their own still does", async () => {
    const { password: otherPw } = await addPerson(store, 'uma', 'viewer')
    const theirs = await enrol(app, 'uma', otherPw, '203.0.113.70')
    const waiting = cookieOf(await login(app, 'tess', pw, '203.0.113.71'))
    for (const c of theirs.recovery.slice(0, 3)) {
      expect((await app.request('/login/two-factor', form(waiting, { code: c }), fromAddress('203.0.113.71'))).status).toBe(401)
    }
    expect((await app.request('/api/local/me', { headers: { cookie: waiting } })).status).toBe(403)
    // Not used up either: uma's codes still sign uma in.
    const umaWaiting = cookieOf(await login(app, 'uma', otherPw, '203.0.113.72'))
    expect((await app.request('/login/two-factor', form(umaWaiting, { code: theirs.recovery[0] }), fromAddress('203.0.113.72'))).status).toBe(303)
    const again = cookieOf(await login(app, 'tess', pw, '203.0.113.73'))
    expect((await app.request('/login/two-factor', form(again, { code: recovery[9] }), fromAddress('203.0.113.73'))).status).toBe(303)
  })

  it('throttles wrong codes like wrong passwords (429 after 5), and records them', async () => {
    const cookie = cookieOf(await login(app, 'tess', pw, '203.0.113.85'))
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await app.request('/login/two-factor', form(cookie, { code: String(100000 + i) }), fromAddress('203.0.113.85'))).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    // The fifth wrong code ended that waiting session; a new one from the same address waits.
    const again = cookieOf(await login(app, 'tess', pw, '203.0.113.85'))
    for (let i = 0; i < 3; i++) {
      expect((await app.request('/login/two-factor', form(again, { code: String(200000 + i) }), fromAddress('203.0.113.85'))).status).toBe(429)
    }
    const { entries } = await store.audit.list({ person: 'tess', action: 'second-factor' }, 1, 100)
    expect(entries.filter((e) => e.outcome === 'failure').length).toBeGreaterThanOrEqual(5)
    expect(JSON.stringify(entries)).not.toContain(secret)
  })
})

describe('what administrators decide', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
  let admin = ''
  let adminPw = ''
  beforeAll(async () => {
    adminPw = (await addPerson(store, 'ada', 'admin')).password
    admin = cookieOf(await login(app, 'ada', adminPw, '203.0.113.90'))
  })
  afterAll(() => store.close())
  const policy = (cookie: string, p: string) => app.request('/api/local/settings/two-factor', { method: 'PUT', headers: { ...w, cookie }, body: JSON.stringify({ policy: p }) })

  it('require a second factor for administrators: an administrator without one sets it up before anything else', async () => {
    const { password } = await addPerson(store, 'vic', 'viewer')
    const vic = cookieOf(await login(app, 'vic', password, '203.0.113.91'))
    expect((await policy(vic, 'admins')).status).toBe(403)
    expect((await policy(admin, 'nobody')).status).toBe(400)
    expect((await policy(admin, 'admins')).status).toBe(200)
    const res = await login(app, 'ada', adminPw, '203.0.113.92')
    expect(res.headers.get('location')).toBe('/two-factor')
    expect((await app.request('/api/v4/zones', { headers: { cookie: cookieOf(res) } })).status).toBe(403)
    // A viewer is not asked.
    expect((await login(app, 'vic', password, '203.0.113.93')).headers.get('location')).toBe('/')
    const { cookie } = await enrol(app, 'ada', adminPw, '203.0.113.94')
    expect((await app.request('/api/v4/zones', { headers: { cookie } })).status).toBe(200)
    // Required: it cannot be turned off by its owner.
    expect((await app.request('/two-factor', form(cookie, { action: 'disable', code: '123456' }), fromAddress('203.0.113.94'))).status).toBe(409)
    admin = cookie
  })

  it("reset a person's second factor (lost phone): the next sign-in asks for a new one when required", async () => {
    await policy(admin, 'everyone')
    const { person, password } = await addPerson(store, 'lou', 'editor')
    const { cookie } = await enrol(app, 'lou', password, '203.0.113.95')
    expect((await app.request('/api/local/me', { headers: { cookie } })).status).toBe(200)
    const reset = await app.request(`/api/local/people/${person.id}/two-factor`, { method: 'DELETE', headers: { ...w, cookie: admin } })
    expect((await reset.json()).result).toEqual({ reset: true })
    expect((await login(app, 'lou', password, '203.0.113.96')).headers.get('location')).toBe('/two-factor')
    const [entry] = (await store.audit.list({ action: 'two-factor-reset' }, 1, 5)).entries
    expect(entry).toMatchObject({ username: 'ada', resourceId: person.id, outcome: 'success' })
  })
})

describe('wrong codes across addresses and sessions', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
  let personId = ''
  const waiting = async (address: string) => `zonekeeper_session=${(await store.sessions.create(personId, address, 'test', undefined, 'pending')).token}`
  beforeAll(async () => {
    personId = (await addPerson(store, 'gil', 'editor')).person.id
    await store.twoFactor.prepare(personId, secret)
    expect(await store.twoFactor.enable(personId, 1, ['aaaaa-bbbbb'])).toBe(true)
  })
  afterAll(() => store.close())

  it('a waiting session ends after 5 wrong codes, whatever address each came from', async () => {
    const cookie = await waiting('198.51.100.1')
    for (let i = 0; i < 5; i++) {
      expect((await app.request('/login/two-factor', form(cookie, { code: String(300000 + i) }), fromAddress(`198.51.100.${10 + i}`))).status).toBe(401)
    }
    // The session is gone: the password must be given again.
    expect((await app.request('/api/local/me', { headers: { cookie } })).status).toBe(401)
    // Even the right code is not taken on it.
    const sixth = await app.request('/login/two-factor', form(cookie, { code: await code(secret) }), fromAddress('198.51.100.20'))
    expect(sixth.status).toBe(401)
    expect(sixth.headers.get('set-cookie')).toBeNull()
    // A right code on a fresh sign-in passes, and ends the run of wrong ones.
    const fresh = await waiting('198.51.100.21')
    expect((await app.request('/login/two-factor', form(fresh, { code: await code(secret) }), fromAddress('198.51.100.21'))).status).toBe(303)
  })

  it('caps an account at 100 consecutive wrong codes over 150 addresses (NIST 800-63B 5.2.2), until an administrator resets it', async () => {
    const statuses: number[] = []
    let cookie = ''
    for (let i = 0; i < 150; i++) {
      // A fresh waiting session every 5 codes (the guesser has the password), a fresh address every code.
      if (i % 5 === 0) cookie = await waiting(`192.0.2.${i % 250}`)
      const address = `10.${Math.floor(i / 250)}.${i % 250}.7`
      statuses.push((await app.request('/login/two-factor', form(cookie, { code: String(400000 + i) }), fromAddress(address))).status)
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100)
    expect(statuses.slice(100)).toEqual(Array(50).fill(429))
    // Locked: even the right code from a new address is not checked.
    const owner = await waiting('203.0.113.200')
    const refused = await app.request('/login/two-factor', form(owner, { code: await code(secret) }), fromAddress('203.0.113.200'))
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain('locked')
    // The administrator's reset (lost phone) unlocks it.
    const { password } = await addPerson(store, 'root', 'admin')
    const admin = cookieOf(await login(app, 'root', password, '203.0.113.201'))
    const reset = await app.request(`/api/local/people/${personId}/two-factor`, { method: 'DELETE', headers: { 'x-zonekeeper-request': '1', cookie: admin } })
    expect(reset.status).toBe(200)
    await store.twoFactor.prepare(personId, secret)
    expect(await store.twoFactor.enable(personId, 2, ['ccccc-ddddd'])).toBe(true)
    const after = await waiting('203.0.113.202')
    expect((await app.request('/login/two-factor', form(after, { code: await code(secret, 1) }), fromAddress('203.0.113.202'))).status).toBe(303)
  })
})

describe('sessions and a new second factor', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
  afterAll(() => store.close())

  it("turning on a second factor ends the person's other sessions, as a password change does", async () => {
    const { password } = await addPerson(store, 'kim', 'viewer')
    const other = cookieOf(await login(app, 'kim', password, '203.0.113.110'))
    expect((await app.request('/api/local/me', { headers: { cookie: other } })).status).toBe(200)
    const { cookie } = await enrol(app, 'kim', password, '203.0.113.111')
    expect((await app.request('/api/local/me', { headers: { cookie } })).status).toBe(200)
    expect((await app.request('/api/local/me', { headers: { cookie: other } })).status).toBe(401)
  })

  it('a policy that starts requiring one asks the sessions without it to set one up; role changes too', async () => {
    const { password: adminPw } = await addPerson(store, 'ann', 'admin')
    const { person: pat, password } = await addPerson(store, 'pat', 'editor')
    const { password: kimPw } = await addPerson(store, 'joe', 'viewer')
    const admin = (await enrol(app, 'ann', adminPw, '203.0.113.112')).cookie
    const patCookie = cookieOf(await login(app, 'pat', password, '203.0.113.113'))
    const joe = (await enrol(app, 'joe', kimPw, '203.0.113.114')).cookie
    const policy = (p: string) => app.request('/api/local/settings/two-factor', { method: 'PUT', headers: { ...w, cookie: admin }, body: JSON.stringify({ policy: p }) })
    expect((await policy('admins')).status).toBe(200)
    expect((await app.request('/api/v4/zones', { headers: { cookie: patCookie } })).status).toBe(200)
    // Made an administrator under that policy: asked at once.
    const promote = await app.request(`/api/local/people/${pat.id}`, { method: 'PATCH', headers: { ...w, cookie: admin }, body: JSON.stringify({ role: 'admin', zones: '*' }) })
    expect(promote.status).toBe(200)
    expect((await app.request('/api/v4/zones', { headers: { cookie: patCookie } })).status).toBe(403)
    expect((await app.request('/zones', { headers: { cookie: patCookie } })).headers.get('location')).toBe('/two-factor')
    expect((await app.request('/api/v4/zones', { headers: { cookie: admin } })).status).toBe(200)
    const { password: vPw } = await addPerson(store, 'val', 'viewer')
    const val = cookieOf(await login(app, 'val', vPw, '203.0.113.115'))
    expect((await policy('everyone')).status).toBe(200)
    expect((await app.request('/api/v4/zones', { headers: { cookie: val } })).status).toBe(403)
    // Who has a second factor already is not asked again.
    expect((await app.request('/api/v4/zones', { headers: { cookie: joe } })).status).toBe(200)
  })
})

const { backends } = storeBackends('zk-2fa-')
describe.each(backends)('second factors in the store on $name', ({ skip, open }) => {
  let store: Store
  beforeAll(async () => {
    if (!skip) store = await open()
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('a time step and a recovery code each pass once, also when tried 10 times at once', async () => {
    const p = (await store.people.add({ username: 'ann', displayName: 'Ann', role: 'viewer', zones: '*', passwordHash: 'h' }))!
    await store.twoFactor.prepare(p.id, 'JBSWY3DPEHPK3PXP')
    expect(await store.twoFactor.enable(p.id, 100, ['aaaaa-bbbbb', 'ccccc-ddddd'])).toBe(true)
    expect(await store.twoFactor.enable(p.id, 100, ['x'])).toBe(false)
    const steps = await Promise.all(Array.from({ length: 10 }, () => store.twoFactor.useStep(p.id, 101)))
    expect(steps.filter(Boolean)).toHaveLength(1)
    expect(await store.twoFactor.useStep(p.id, 100)).toBe(false)
    const codes = await Promise.all(Array.from({ length: 10 }, () => store.twoFactor.useRecoveryCode(p.id, 'aaaaa-bbbbb')))
    expect(codes.filter(Boolean)).toHaveLength(1)
    expect((await store.twoFactor.get(p.id))?.recoveryCodesLeft).toBe(1)
    expect(await store.twoFactor.reset(p.id)).toBe(true)
    expect(await store.twoFactor.get(p.id)).toBeUndefined()
  })
})
