import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app'
import { createStore, type Store } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { storeBackends } from '../../testing/store-backends'
import { addPerson, fromAddress, login } from './test-helpers'

const form = (cookie: string, body: Record<string, string>) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
})
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? ''
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
  const shown = /<p class="hint">([^<]*)<\/p>\s*<\/main>/.exec(await done.text())![1]
  const recovery = shown.match(/[a-z2-9]{5}-[a-z2-9]{5}/g)!
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

  it('throttles wrong codes like wrong passwords (429 after 5), and records them', async () => {
    const cookie = cookieOf(await login(app, 'tess', pw, '203.0.113.85'))
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      statuses.push((await app.request('/login/two-factor', form(cookie, { code: String(100000 + i) }), fromAddress('203.0.113.85'))).status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429, 429])
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
