import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { parseTrustedProxies } from '../http/trusted-proxies'
import { THROTTLE } from './throttle'
import { addPerson, fromAddress } from '../../testing/server/auth'

/**
 * Behind a reverse proxy: with TRUSTED_PROXIES the throttle counts the address
 * the proxy forwards, not the proxy's own; the session cookie is Secure when the proxy says the
 * browser used HTTPS. Without it (or from anyone else) the headers count for nothing.
 */
const PROXY = '10.0.0.5'

function post(app: ReturnType<typeof createApp>, username: string, password: string, peer: string, headers: Record<string, string> = {}) {
  return app.request(
    '/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ username, password, next: '/' }).toString(),
    },
    fromAddress(peer),
  )
}

async function world(trusted?: string) {
  // The store's clock stands still: a wait the guesses earned (1 s past the free attempts) cannot run
  // out while a slow machine hashes the next password, so what the tests see does not depend on speed.
  const t0 = Date.now()
  const store = createStore({ dataDir: ':memory:', now: () => t0 })
  const app = createApp({ config: testConfig({ trustedProxies: parseTrustedProxies(trusted) }), emulator: fakeEmulator(), store })
  const { password } = await addPerson(store, 'olga', 'viewer')
  return { store, app, password }
}

/** An attacker's guesses: unknown usernames, all from one client address. */
async function guess(app: ReturnType<typeof createApp>, peer: string, headers: Record<string, string>) {
  for (let i = 0; i < THROTTLE.addressFree; i++) {
    expect((await post(app, `nobody-${i}`, 'wrong-password', peer, headers)).status).toBe(401)
  }
}

describe('with TRUSTED_PROXIES set to the proxy', () => {
  let w: Awaited<ReturnType<typeof world>>
  beforeAll(async () => {
    w = await world(PROXY)
  })
  afterAll(() => w.store.close())

  it("one forwarded address's guesses do not lock another out; the guesser itself is slowed", async () => {
    await guess(w.app, PROXY, { 'x-forwarded-for': '198.51.100.1' })
    const other = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.2' })
    expect(other.status).toBe(303)
    const guesser = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.1' })
    expect(guesser.status).toBe(429)
    // A client cannot escape by writing another address in front: the proxy appends the real one.
    const spoof = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.9, 198.51.100.1' })
    expect(spoof.status).toBe(429)
  })

  it('records the forwarded address on the session', async () => {
    const res = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.3' })
    const cookie = res.headers.get('set-cookie')!.split(';')[0]
    const sessions = await (await w.app.request('/api/local/me/sessions', { headers: { cookie } })).json()
    expect(sessions.result.find((s: { current: boolean }) => s.current)).toMatchObject({ address: '198.51.100.3' })
  })

  it('makes the cookie Secure when the proxy forwards X-Forwarded-Proto: https, not otherwise', async () => {
    const tls = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' })
    expect(tls.headers.get('set-cookie')).toMatch(/; Secure/)
    const plain = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'http' })
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/)
  })

  it('ignores both headers from a peer that is not a trusted proxy', async () => {
    const spoofed = { 'x-forwarded-for': '198.51.100.5', 'x-forwarded-proto': 'https' }
    const res = await post(w.app, 'olga', w.password, '203.0.113.50', spoofed)
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/)
    const cookie = res.headers.get('set-cookie')!.split(';')[0]
    const sessions = await (await w.app.request('/api/local/me/sessions', { headers: { cookie } })).json()
    expect(sessions.result.find((s: { current: boolean }) => s.current)).toMatchObject({ address: '203.0.113.50' })
  })
})

describe('without TRUSTED_PROXIES', () => {
  let w: Awaited<ReturnType<typeof world>>
  beforeAll(async () => {
    w = await world()
  })
  afterAll(() => w.store.close())

  it('counts the socket address: every client behind the proxy shares it (why the setting exists)', async () => {
    await guess(w.app, PROXY, { 'x-forwarded-for': '198.51.100.1' })
    const other = await post(w.app, 'olga', w.password, PROXY, { 'x-forwarded-for': '198.51.100.2' })
    expect(other.status).toBe(429)
  })

  it('does not believe X-Forwarded-Proto from anyone (the cookie is not Secure over plain HTTP)', async () => {
    const res = await post(w.app, 'olga', w.password, '203.0.113.60', { 'x-forwarded-proto': 'https' })
    expect(res.status).toBe(303)
    expect(res.headers.get('set-cookie')).not.toMatch(/Secure/)
  })
})
