import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore } from '../store'
import { startOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider'
import { TestBrowser } from '../../testing/oidc-browser'
import { fakeEmulator, testConfig } from '../../testing/server'
import { parseGroupMap } from './oidc-config'
import { renderPage } from './pages'
import { login } from '../../testing/server/auth'

/**
 * The server-rendered sign-in pages are built with Hono's `html` template: whatever a person or a
 * request brings (a name, an error text, a return address) is text on the page, never markup.
 */
const EVIL = `"><script>alert('x')</script><img src=x onerror="alert(1)">`
const ESCAPED = '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'

/** True when the page holds nothing of EVIL as markup: no script element but the page's own, no img. */
const inert = (page: string) => {
  expect(page).not.toContain('<script>alert')
  expect(page).not.toContain('<img')
  expect(page).not.toContain(`"alert(1)"`)
  expect(page).not.toMatch(/value="[^"]*"><script/)
}

describe('renderPage', () => {
  it('escapes every text it is given, in text and in attributes', async () => {
    const page = String(
      await renderPage({
        title: EVIL,
        intro: EVIL,
        error: EVIL,
        action: `/login?x=${EVIL}`,
        hidden: { next: `/zones${EVIL}` },
        fields: [{ name: 'username', label: EVIL, type: 'text', autocomplete: 'username', value: EVIL, hint: EVIL, error: EVIL }],
        submit: EVIL,
        after: EVIL,
        link: { href: `/login/oidc?next=${EVIL}`, text: EVIL },
      }),
    )
    inert(page)
    // title ×2, intro, error, label, value, field error, hint, submit, after, link text; and the three attributes
    expect(page.split(ESCAPED).length - 1).toBe(14)
    expect(page).toContain(`<input type="hidden" name="next" value="/zones${ESCAPED}"`)
    expect(page).toContain(`value="${ESCAPED}"`)
  })

  it("keeps a script's JSON from closing its element", async () => {
    const page = String(
      await renderPage({
        title: 't',
        intro: 'i',
        script: { src: '/p.js', data: { name: '</script><script>alert(1)</script>' } },
      }),
    )
    expect(page).not.toContain('</script><script>alert')
    expect(page).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>')
  })
})

describe('the sign-in pages, as served', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())

  it('a name typed at setup comes back as text when the form is refused', async () => {
    const res = await app.request('/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'root', display_name: EVIL, password: 'short' }).toString(),
    })
    expect(res.status).toBe(400)
    const page = await res.text()
    inert(page)
    expect(page).toContain(`value="${ESCAPED}"`)
  })

  it('a return address with a script and quotes stays inside its attribute', async () => {
    await store.people.add({ username: 'vera', displayName: 'Vera', role: 'viewer', zones: '*', passwordHash: null })
    const next = `/zones?q=${EVIL}`
    const page = await (await app.request(`/login?next=${encodeURIComponent(next)}`)).text()
    inert(page)
    expect(page).toContain(`<input type="hidden" name="next" value="/zones?q=${ESCAPED}"`)
  })

  it('a username typed at sign-in and the refusal come back as text', async () => {
    const page = await (await login(app, EVIL, 'wrong-password', '203.0.113.77')).text()
    inert(page)
    expect(page).toContain(`value="${ESCAPED}"`)
    expect(page).toContain('That username and password do not match')
  })
})

describe("single sign-on's signed-in page", () => {
  let idp: TestOidcProvider
  const store = createStore({ dataDir: ':memory:' })
  const freePort = () =>
    new Promise<number>((ok, fail) => {
      const srv = createServer()
      srv.once('error', fail)
      srv.listen(0, '127.0.0.1', () => {
        const a = srv.address()
        srv.close(() => ok(typeof a === 'object' && a ? a.port : 0))
      })
    })
  beforeAll(async () => {
    idp = await startOidcProvider({
      port: await freePort(),
      redirectUri: 'http://localhost/login/oidc/callback',
      accounts: { mallory: { name: `Mallory ${EVIL}`, groups: ['staff'], preferred_username: 'mallory' } },
    })
  }, 30_000)
  afterAll(async () => {
    await idp?.stop()
    await store.close()
  })

  it("shows the person's name from the provider, and the return address, as text", async () => {
    const oidc = {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      claim: 'groups',
      groups: parseGroupMap('staff=viewer'),
    }
    const app = createApp({ config: testConfig({ oidc }), emulator: fakeEmulator(), store })
    const res = await new TestBrowser(app, '192.0.2.44').signIn('mallory', `/zones?q=${EVIL}`)
    expect(res.status).toBe(200)
    const page = await res.text()
    inert(page)
    expect(page).toContain(`Signed in as Mallory ${ESCAPED}.`)
    expect(page).toContain(`<a href="/zones?q=${ESCAPED}">`)
  })
})
