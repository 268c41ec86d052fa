import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../serve'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig } from '../../testing/server'

const PASSWORD = 'correct horse battery staple'
let server: RunningServer

beforeAll(async () => {
  server = await startApp({
    config: testConfig({ dashboardPassword: PASSWORD }),
    emulator: fakeEmulator(),
    endpoints: [{ method: 'GET', path: '/zones' }],
  })
})
afterAll(() => server.close())

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const login = (password: string, next = '/', headers: Record<string, string> = {}) =>
  rawRequest(server.url, {
    method: 'POST',
    path: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: form({ password, next }),
  })
const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]

async function signIn(): Promise<string> {
  const res = await login(PASSWORD)
  expect(res.status).toBe(303)
  return cookieOf(res.headers['set-cookie'])
}

describe('DASHBOARD_PASSWORD', () => {
  it('sends pages to the sign-in page and answers /api with 401, but keeps /healthz open', async () => {
    const page = await rawRequest(server.url, { path: '/zones/abc?tab=dns' })
    expect(page.status).toBe(303)
    expect(page.headers.location).toBe('/login?next=%2Fzones%2Fabc%3Ftab%3Ddns')
    const api = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(api.status).toBe(401)
    expect(JSON.parse(api.body).errors[0].code).toBe(10401)
    const reset = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/sandbox/reset',
      headers: { 'x-zonekeeper-request': '1' },
    })
    expect(reset.status).toBe(401)
    expect((await rawRequest(server.url, { path: '/api/local/notes' })).status).toBe(401)
    const health = await rawRequest(server.url, { path: '/healthz' })
    expect(health.status).toBe(200)
  })

  it('serves an accessible, plain sign-in page that allows nothing else to load', async () => {
    const res = await rawRequest(server.url, { path: '/login?next=/zones' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    expect(res.body).toContain('<html lang="en">')
    expect(res.body).toMatch(/<label for="password">Password<\/label>/)
    expect(res.body).toMatch(/<input id="password" name="password" type="password" autocomplete="current-password"/)
    expect(res.body).toContain('<button type="submit">Sign in</button>')
    expect(res.body).toContain('name="next" value="/zones"')
  })

  it('escapes what it echoes into the page', async () => {
    const res = await rawRequest(server.url, { path: `/login?next=${encodeURIComponent('/x"><script>alert(1)</script>')}` })
    expect(res.body).not.toContain('<script>')
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;')
  })

  it('says plainly when the password is wrong, announced to screen readers, and sets no cookie', async () => {
    const res = await login('wrong', '/', { 'x-forwarded-for': 'ignored' })
    expect(res.status).toBe(401)
    expect(res.body).toMatch(/role="alert"[^>]*>That password is not right\. Try again\./)
    expect(res.body).toContain('aria-invalid="true"')
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('signs in with an HttpOnly, SameSite=Strict session cookie that opens /api and pages', async () => {
    const res = await login(PASSWORD, '/zones?page=2')
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/zones?page=2')
    const setCookie = String(res.headers['set-cookie'])
    expect(setCookie).toMatch(/^zonekeeper_session=[^;]+;/)
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Strict/)
    expect(setCookie).toMatch(/Path=\//)
    expect(setCookie).not.toContain(PASSWORD)
    const cookie = cookieOf(res.headers['set-cookie'])
    expect((await rawRequest(server.url, { path: '/api/v4/zones', headers: { cookie } })).status).toBe(200)
    expect((await rawRequest(server.url, { path: '/login', headers: { cookie } })).status).toBe(303)
  })

  it('refuses a forged or altered cookie', async () => {
    const cookie = await signIn()
    const [name, value] = cookie.split('=')
    const [exp, nonce, sig] = value.split('.')
    for (const forged of [`${name}=${Number(exp) + 99}.${nonce}.${sig}`, `${name}=x.y.z`, `${name}=`]) {
      expect((await rawRequest(server.url, { path: '/api/v4/zones', headers: { cookie: forged } })).status, forged).toBe(401)
    }
  })

  it('redirects only to paths on this site after signing in', async () => {
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await login(PASSWORD, next)).headers.location, next).toBe('/')
    }
  })

  it('refuses a sign-in posted from another site', async () => {
    const res = await login(PASSWORD, '/', { origin: 'http://evil.example' })
    expect(res.status).toBe(403)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('signs out', async () => {
    const cookie = await signIn()
    const res = await rawRequest(server.url, { method: 'POST', path: '/logout', headers: { cookie } })
    expect(res.status).toBe(303)
    expect(String(res.headers['set-cookie'])).toMatch(/zonekeeper_session=;.*Max-Age=0/)
  })
})

describe('DASHBOARD_PASSWORD rate limit', () => {
  it('stops answering guesses after five wrong ones, even the right password, with Retry-After', async () => {
    const own = await startApp({ config: testConfig({ dashboardPassword: PASSWORD }), emulator: fakeEmulator() })
    try {
      const attempt = (password: string) =>
        rawRequest(own.url, {
          method: 'POST',
          path: '/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form({ password }),
        })
      for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(401)
      const blocked = await attempt(PASSWORD)
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
      expect(blocked.body).toMatch(/Too many wrong passwords/)
      expect(blocked.headers['set-cookie']).toBeUndefined()
    } finally {
      await own.close()
    }
  })
})
