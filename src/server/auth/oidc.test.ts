import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Store } from '../store'
import { startOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider'
import { TestBrowser } from '../../testing/oidc-browser'
import { fakeEmulator, testConfig } from '../../testing/server'
import { storeBackends } from '../../testing/store-backends'
import { OIDC_PENDING_COOKIE } from './oidc'
import { parseGroupMap } from './oidc-config'

/**
 * Single sign-on against a real OpenID Connect provider on loopback (and the audit entries of
 * its refusals), on SQLite and PostgreSQL.
 */
const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address()
      srv.close(() => ok(typeof a === 'object' && a ? a.port : 0))
    })
  })

let idp: TestOidcProvider
beforeAll(async () => {
  idp = await startOidcProvider({
    port: await freePort(),
    redirectUri: 'http://localhost/login/oidc/callback',
    accounts: {
      root: { name: 'Root Admin', groups: ['admins'] },
      // Two people at the provider who chose the same preferred_username.
      'bob-a': { name: 'Bob Alpha', groups: ['dns-team'], preferred_username: 'bob' },
      'bob-b': { name: 'Bob Beta', groups: ['staff'], preferred_username: 'bob' },
      mallory: { name: 'Mallory', groups: ['contractors'] },
      // Claims that are not a list of strings: only strings count.
      odd: { name: 'Odd Groups', groups: [{ toString: 'x' }, 7, null, ['admins'], 'dns-team'] },
      weird: { name: 'Weird Groups', groups: { toString: 1, admins: true } },
      carol: { name: 'Carol', groups: ['staff'] },
      'dave-sub': { name: 'Dave', groups: ['staff'], preferred_username: 'dave' },
      'erin-sub': { name: 'Erin', groups: ['staff'], preferred_username: 'erin' },
      // The provider gives an address (its domain in capitals: stored lower-cased).
      frank: { name: 'Frank', groups: ['staff'], email: 'Frank.Mail@IdP.Example' },
      gina: { name: 'Gina', groups: ['staff'], email: 'gina@idp.example' },
      hal: { name: 'Hal', groups: ['staff'], email: 'not an address' },
    },
  })
}, 30_000)
afterAll(() => idp?.stop())

const { backends } = storeBackends('zk-oidc-')
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }

describe.each(backends)('single sign-on on $name', ({ skip, open }) => {
  let store: Store
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    if (skip) return
    store = await open()
    const oidc = {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      claim: 'groups',
      groups: parseGroupMap('dns-team=editor:example.com;admins=admin;staff=viewer'),
    }
    app = createApp({ config: testConfig({ oidc }), emulator: fakeEmulator(), store })
  })
  afterAll(async () => {
    await store?.close()
  })
  const me = async (b: TestBrowser) => {
    const res = await b.zk('/api/local/me')
    return res.status === 200
      ? ((await res.json()).result.person as { id: string; username: string; role: string; zones: unknown })
      : undefined
  }
  const refusals = async (reason: string) =>
    (await store.audit.list({ area: 'people', outcome: 'refused' }, 1, 200)).entries.filter(
      (e) => e.resourceType === 'sso_sign_in' && (e.after as { reason?: string } | null)?.reason === reason,
    )

  it.skipIf(skip)(
    'identifies a person by issuer + sub: a second provider user with the same preferred_username is refused',
    async () => {
      const alpha = new TestBrowser(app, '192.0.2.21')
      expect((await alpha.signIn('bob-a')).status).toBe(200)
      const bob = (await me(alpha))!
      expect(bob).toMatchObject({ username: 'bob', role: 'editor', zones: ['example.com'] })
      expect((await store.people.byId(bob.id))?.sso).toEqual({ issuer: idp.issuer, subject: 'bob-a' })

      const beta = new TestBrowser(app, '198.51.100.22')
      const refused = await beta.signIn('bob-b')
      expect(refused.status).toBe(403)
      const page = await refused.text()
      expect(page).toContain('Username already in use')
      expect(page).toContain('so this sign-in was refused')
      expect(page).toContain('subject bob-b')
      expect(await me(beta)).toBeUndefined()
      // Bob Alpha is untouched: still signed in, still an editor of example.com.
      expect(await me(alpha)).toMatchObject({ id: bob.id, role: 'editor', zones: ['example.com'] })
      expect((await store.people.byId(bob.id))?.displayName).toBe('Bob Alpha')
      const [entry] = await refusals('username belongs to another person')
      expect(entry).toMatchObject({ username: 'bob', personId: null, status: 403, action: 'sign-in' })
      expect(entry.after).toMatchObject({ issuer: idp.issuer, subject: 'bob-b', address: '198.51.100.22' })
      expect(JSON.stringify(entry)).not.toMatch(/eyJ/) // no token in the audit log

      // Signing in again is still Bob Alpha.
      const again = new TestBrowser(app, '192.0.2.23')
      expect((await again.signIn('bob-a')).status).toBe(200)
      expect((await me(again))?.id).toBe(bob.id)
    },
  )

  it.skipIf(skip)(
    'an administrator links the refused identity to a person with another username (API); unlinking signs them out',
    async () => {
      const admin = new TestBrowser(app, '192.0.2.30')
      expect((await admin.signIn('root')).status).toBe(200)
      const h = { ...W, cookie: admin.zkCookie }
      const made = await admin.zk('/api/local/people', {
        method: 'POST',
        headers: h,
        body: JSON.stringify({
          username: 'bob.beta',
          display_name: 'Bob Beta',
          role: 'viewer',
          zones: '*',
          password: 'a-long-enough-password',
        }),
      })
      expect(made.status).toBe(201)
      const id = (await made.json()).result.id as string
      const bobA = (await store.people.byUsername('bob'))!

      // Not someone else's identity, not garbage.
      const stolen = await admin.zk(`/api/local/people/${id}/sso`, {
        method: 'PUT',
        headers: h,
        body: JSON.stringify({ issuer: idp.issuer, subject: 'bob-a' }),
      })
      expect(stolen.status).toBe(409)
      expect((await stolen.json()).errors[0].message).toContain('linked to bob')
      expect(
        (await admin.zk(`/api/local/people/${id}/sso`, { method: 'PUT', headers: h, body: '{"issuer":"nope","subject":""}' }))
          .status,
      ).toBe(400)
      expect(
        (
          await admin.zk(`/api/local/people/nobody/sso`, {
            method: 'PUT',
            headers: h,
            body: JSON.stringify({ issuer: idp.issuer, subject: 'bob-b' }),
          })
        ).status,
      ).toBe(404)

      const linked = await admin.zk(`/api/local/people/${id}/sso`, {
        method: 'PUT',
        headers: h,
        body: JSON.stringify({ issuer: idp.issuer, subject: 'bob-b' }),
      })
      expect(linked.status).toBe(200)
      expect((await linked.json()).result.sso).toEqual({ issuer: idp.issuer, subject: 'bob-b' })
      // The one-time password the administrator chose (never changed) is gone: they sign in through the provider.
      expect(await store.people.byId(id)).toMatchObject({ hasPassword: false, mustChangePassword: false })
      const list = (await (await admin.zk('/api/local/people', { headers: h })).json()).result as {
        username: string
        sso: unknown
      }[]
      expect(list.find((p) => p.username === 'bob')?.sso).toEqual({ issuer: idp.issuer, subject: 'bob-a' })
      expect(
        (
          await admin.zk(`/api/local/people/${id}/sso`, {
            method: 'PUT',
            headers: h,
            body: JSON.stringify({ issuer: idp.issuer, subject: 'other' }),
          })
        ).status,
      ).toBe(409)

      const beta = new TestBrowser(app, '198.51.100.31')
      expect((await beta.signIn('bob-b')).status).toBe(200)
      expect(await me(beta)).toMatchObject({ id, username: 'bob.beta', role: 'viewer' })
      expect((await store.people.byId(bobA.id))?.displayName).toBe('Bob Alpha')

      // Only an administrator links: Bob Alpha (an editor) may not.
      const alpha = new TestBrowser(app, '192.0.2.32')
      await alpha.signIn('bob-a')
      expect(
        (await alpha.zk(`/api/local/people/${bobA.id}/sso`, { method: 'DELETE', headers: { ...W, cookie: alpha.zkCookie } }))
          .status,
      ).toBe(403)

      expect((await admin.zk(`/api/local/people/${id}/sso`, { method: 'DELETE', headers: h })).status).toBe(200)
      expect(await me(beta)).toBeUndefined()
      expect((await admin.zk(`/api/local/people/${id}/sso`, { method: 'DELETE', headers: h })).status).toBe(404)
      expect((await new TestBrowser(app).signIn('bob-b')).status).toBe(403)
    },
  )

  it.skipIf(skip)("takes the provider's email claim for a person who has none, and never replaces a typed one", async () => {
    const b = new TestBrowser(app)
    expect((await b.signIn('frank')).status).toBe(200)
    const frank = (await store.people.byUsername('frank'))!
    expect(frank).toMatchObject({ email: 'Frank.Mail@idp.example', emailSource: 'sso' })
    expect(((await (await b.zk('/api/local/me')).json()).result.person as { email_source: string }).email_source).toBe('sso')

    // An administrator typed gina's address before her first sign-in through the provider… (she is
    // linked by hand, as a migrated person would be).
    const gina = (await store.people.add({ username: 'gina', displayName: 'Gina', role: 'viewer', zones: '*', passwordHash: null, email: { address: 'gina@work.example', source: 'admin' } }))!
    await store.people.linkSso(gina.id, { issuer: idp.issuer, subject: 'gina' })
    expect((await new TestBrowser(app).signIn('gina')).status).toBe(200)
    expect(await store.people.byId(gina.id)).toMatchObject({ email: 'gina@work.example', emailSource: 'admin' })

    // …and an address that is not one is not taken.
    expect((await new TestBrowser(app).signIn('hal')).status).toBe(200)
    expect((await store.people.byUsername('hal'))?.email).toBeNull()
  })

  it.skipIf(skip)('migrates people made before identities were kept only where that is unambiguous', async () => {
    const legacy = async (username: string) =>
      (await store.people.add({ username, displayName: username, role: 'viewer', zones: '*', passwordHash: null }))!
    // carol's username is her sub itself: unambiguous.
    const carol = await legacy('carol')
    const b1 = new TestBrowser(app)
    expect((await b1.signIn('carol')).status).toBe(200)
    expect((await me(b1))?.id).toBe(carol.id)
    expect((await store.people.byId(carol.id))?.sso).toEqual({ issuer: idp.issuer, subject: 'carol' })

    // dave's sub differs from his username and nothing says which provider user he was: refused.
    const dave = await legacy('dave')
    expect((await new TestBrowser(app).signIn('dave-sub')).status).toBe(403)
    expect((await store.people.byId(dave.id))?.sso).toBeNull()

    // erin's sessions hold ID tokens that all name this issuer and sub: unambiguous.
    const erin = await legacy('erin')
    const token = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`
    await store.sessions.create(erin.id, '192.0.2.40', 'old', token({ iss: idp.issuer, sub: 'erin-sub' }))
    const b2 = new TestBrowser(app)
    expect((await b2.signIn('erin-sub')).status).toBe(200)
    expect((await me(b2))?.id).toBe(erin.id)
    // …but tokens of two different subs on dave's sessions are ambiguous.
    await store.sessions.create(dave.id, '192.0.2.41', 'old', token({ iss: idp.issuer, sub: 'dave-sub' }))
    await store.sessions.create(dave.id, '192.0.2.42', 'old', token({ iss: idp.issuer, sub: 'somebody-else' }))
    expect((await new TestBrowser(app).signIn('dave-sub')).status).toBe(403)
  })

  it.skipIf(skip)('binds the callback to the browser that started it: a replayed callback signs nobody in', async () => {
    const victim = new TestBrowser(app, '192.0.2.50')
    const callback = await victim.callbackFor('bob-a')

    // The victim's code from a cookie-less client.
    const thief = new TestBrowser(app, '203.0.113.5')
    const stolen = await thief.zk(callback)
    expect(stolen.status).toBe(400)
    expect(await stolen.text()).toContain('Sign-in expired')
    expect(thief.zkCookie).not.toContain('zonekeeper_session')

    // An attacker's callback opened in another browser that started a sign-in of its own.
    const attacker = new TestBrowser(app, '203.0.113.6')
    const attackerCallback = await attacker.callbackFor('mallory')
    const other = new TestBrowser(app, '192.0.2.51')
    await other.callbackFor('carol')
    const switched = await other.zk(attackerCallback)
    expect(switched.status).toBe(400)
    expect(other.zkCookie).not.toContain('zonekeeper_session')

    // The victim's own browser still completes its sign-in (the code was never spent).
    expect((await victim.zk(callback)).status).toBe(200)
    expect((await me(victim))?.username).toBe('bob')
    // …once: the cookie is gone, a second use is refused.
    const twice = new TestBrowser(app)
    expect((await twice.zk(callback)).status).toBe(400)
    const entries = await refusals('no sign-in started in this browser')
    expect(entries.map((e) => (e.after as { address: string }).address)).toEqual(expect.arrayContaining(['203.0.113.5']))
    expect(await refusals('unknown, expired or mismatched sign-in')).not.toHaveLength(0)
  })

  it.skipIf(skip)('keeps nothing in the store per started sign-in, and keeps `next` short', async () => {
    for (let i = 0; i < 200; i++) {
      const b = new TestBrowser(app)
      const res = await b.zk(`/login/oidc?next=/zones/${'a'.repeat(1500)}`)
      expect(res.status).toBe(302)
      const state = new URL(res.headers.get('location')!).searchParams.get('state')!
      expect(await store.settings.get(`oidc:${state}`)).toBeUndefined()
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${OIDC_PENDING_COOKIE}=`))!
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).toMatch(/Path=\/login\/oidc/)
      expect(cookie).toMatch(/Max-Age=600/)
      expect(cookie.length).toBeLessThan(1200)
    }
    // A long `next` is dropped: the sign-in lands on the start page.
    const b = new TestBrowser(app)
    const done = await b.zk(await b.callbackFor('carol', `/zones/${'a'.repeat(600)}`))
    expect(await done.text()).toContain('content="0;url=/"')
    // A tampered cookie is no sign-in.
    const t = new TestBrowser(app)
    const cb = await t.callbackFor('carol')
    const tampered = t.zkCookie.replace(/zonekeeper_oidc=([^;]+)/, (_m, v: string) => `zonekeeper_oidc=${v.slice(0, -2)}AA`)
    const res = await app.request(new URL(cb).pathname + new URL(cb).search, { headers: { cookie: tampered } })
    expect(res.status).toBe(400)
  })

  it.skipIf(skip)('counts only strings in the groups claim, never answering 500', async () => {
    const b = new TestBrowser(app)
    expect((await b.signIn('odd')).status).toBe(200)
    expect(await me(b)).toMatchObject({ role: 'editor', zones: ['example.com'] })
    const refused = await new TestBrowser(app, '198.51.100.60').signIn('weird')
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('none of your groups (none) gives access')
    const mallory = await new TestBrowser(app, '198.51.100.61').signIn('mallory')
    expect(mallory.status).toBe(403)
    expect(await mallory.text()).toContain('none of your groups (contractors) gives access')
    const entries = await refusals('no mapped group')
    expect(entries.map((e) => e.username)).toEqual(expect.arrayContaining(['weird', 'mallory']))
    expect(entries.find((e) => e.username === 'mallory')?.after).toMatchObject({ address: '198.51.100.61', subject: 'mallory' })
  })
})
