import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { addPerson, fromAddress, login, sessionCookie } from '../../testing/server/auth'

const formPost = (body: Record<string, string>, cookie = '') => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
})

describe('/password checks the current password under the sign-in throttle', () => {
  // The clock stands still, so the waits earned cannot run out on a slow machine (see sign-in.test.ts).
  const t0 = Date.now()
  const store = createStore({ dataDir: ':memory:', now: () => t0 })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('35 wrong current passwords: a few are checked, then 429 with Retry-After', async () => {
    const { password } = await addPerson(store, 'sam', 'viewer')
    const cookie = await sessionCookie(app, 'sam', password, '203.0.113.40')
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 35; i++) {
      const res = await app.request('/password', formPost({ current: `guess-${i}`, password: 'x', again: 'x' }, cookie), fromAddress('203.0.113.40'))
      statuses.push(res.status)
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after')
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(29)
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })
})

describe('a successful sign-in', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('does not reset what its address may still guess at other accounts', async () => {
    const { password } = await addPerson(store, 'mallory', 'viewer')
    const from = '203.0.113.41'
    // 19 wrong guesses spread over other accounts (4 each: never a pair's limit), one short of the address's 20.
    for (let i = 0; i < 19; i++) expect((await login(app, `victim${i % 5}`, `guess-${i}`, from)).status).toBe(401)
    expect((await login(app, 'mallory', password, from)).status).toBe(303)
    expect((await login(app, 'victim5', 'guess-a', from)).status).toBe(401)
    // The address has now had its 20 wrong guesses: signing in to one's own account did not wipe them.
    expect((await login(app, 'victim6', 'guess-b', from)).status).toBe(429)
  })
})

describe('a disabled account', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('answers the same whether the password is right or wrong, and the same as an unknown username', async () => {
    const { person, password } = await addPerson(store, 'dora', 'editor')
    await store.people.update(person.id, { disabled: true })
    const right = await login(app, 'dora', password, '203.0.113.42')
    const wrong = await login(app, 'dora', 'not-her-password', '203.0.113.43')
    expect([right.status, wrong.status]).toEqual([401, 401])
    const [a, b] = [await right.text(), await wrong.text()]
    expect(a).toBe(b)
    expect(a).not.toContain('This account is disabled')
    const unknown = await (await login(app, 'nobody-here', 'whatever-pw', '203.0.113.44')).text()
    expect(unknown.replace(/nobody-here/g, 'dora')).toBe(a)
  })
})

describe('new passwords follow one rule (src/shared/password-rule.ts)', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  let admin = ''
  beforeAll(async () => {
    const { password } = await addPerson(store, 'boss', 'admin')
    admin = await sessionCookie(app, 'boss', password)
  })
  afterAll(() => store.close())
  const add = (username: string, password: string) =>
    app.request('/api/local/people', {
      method: 'POST',
      headers: { cookie: admin, 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ username, display_name: 'Someone', role: 'viewer', zones: '*', password }),
    })

  it.each([
    ['password12', /commonly used|common passwords/],
    ['1234567890', /common passwords|Sequences/],
    [' '.repeat(10), /more than spaces/],
    ['\u0000'.repeat(10), /control characters/],
    ['tab\there-ok-long', /control characters/],
    ['newperson1', /username/],
    ['NewPerson', /at least 10/],
  ])('the people API refuses %j at the password field', async (password, message) => {
    const res = await add('newperson1', password)
    expect(res.status).toBe(400)
    const errors = (await res.json()).errors as { message: string; source?: { pointer?: string } }[]
    expect(errors[0].source?.pointer).toBe('/password')
    expect(errors[0].message).toMatch(message)
  })

  it('accepts a strong one', async () => {
    expect((await add('newperson2', 'amber-kettle-violin-42')).status).toBe(201)
  })

  it('/password refuses a weak new password at its field, keeping the old one', async () => {
    const { password } = await addPerson(store, 'wendy', 'viewer')
    const cookie = await sessionCookie(app, 'wendy', password)
    const res = await app.request('/password', formPost({ current: password, password: 'qwertyuiop', again: 'qwertyuiop' }, cookie))
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toMatch(/<input id="password"[^>]*aria-describedby="password-error[^"]*"[^>]*aria-invalid="true">/)
    expect(html).toMatch(/<p class="error" id="password-error">[^<]*common passwords/)
    expect((await login(app, 'wendy', password, '192.0.2.90')).status).toBe(303)
  })
})

describe('/setup', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('refuses a weak first password at its field', async () => {
    const res = await app.request('/setup', formPost({ username: 'root', display_name: 'Root', password: '1234567890' }))
    expect(res.status).toBe(400)
    expect(await res.text()).toMatch(/<p class="error" id="password-error">/)
    expect(await store.people.count()).toBe(0)
  })
})
