import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import { dropHandler, echoHandler, hangHandler, startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { rawRequest } from '../../testing/http'
import { startApp, testConfig } from '../../testing/server'

const TOKEN = 'live-token-0123456789abcdefghijklmnopqrstuv'
const ZONE = '0123456789abcdef0123456789abcdef'
const endpoints: Endpoint[] = [
  { method: 'GET', path: '/zones' },
  { method: 'GET', path: '/zones/:zone_id/dns_records' },
  { method: 'POST', path: '/zones/:zone_id/dns_records' },
]

let upstream: FakeUpstream
let server: RunningServer

beforeAll(async () => {
  upstream = await startFakeUpstream()
  server = await startApp({
    config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: upstream.url, upstreamTimeoutMs: 300 }),
    endpoints,
  })
})
afterAll(async () => {
  await server.close()
  await upstream.close()
})
afterEach(() => {
  upstream.requests.length = 0
  upstream.handle(echoHandler)
})

describe('live proxy: forwarding', () => {
  it('forwards an allowlisted GET to <API_BASE_URL>/<path> with the query and the credential added server-side', async () => {
    const res = await rawRequest(server.url, { path: `/api/v4/zones/${ZONE}/dns_records?type=A&name.contains=www&page=2` })
    expect(res.status).toBe(200)
    expect(upstream.requests).toHaveLength(1)
    const [seen] = upstream.requests
    expect(seen.method).toBe('GET')
    expect(seen.url).toBe(`/client/v4/zones/${ZONE}/dns_records?type=A&name.contains=www&page=2`)
    expect(seen.headers.authorization).toBe(`Bearer ${TOKEN}`)
  })

  it('leaves the browser cookies, auth headers and other headers behind', async () => {
    await rawRequest(server.url, {
      path: '/api/v4/zones',
      headers: {
        cookie: 'zonekeeper_session=abc; other=1',
        authorization: 'Bearer browser-supplied',
        'x-auth-email': 'mallory@evil.example',
        'x-auth-key': 'browser-key',
        'x-auth-user-service-key': 'svc',
        referer: 'http://127.0.0.1/zones',
        'x-forwarded-for': '10.0.0.1',
      },
    })
    const seen = upstream.requests[0].headers
    expect(seen.authorization).toBe(`Bearer ${TOKEN}`)
    for (const name of ['cookie', 'x-auth-email', 'x-auth-key', 'x-auth-user-service-key', 'referer', 'x-forwarded-for']) {
      expect(seen[name], name).toBeUndefined()
    }
  })

  it('passes the body and its content type on a guarded write', async () => {
    const body = JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.1', extra_field: true })
    const res = await rawRequest(server.url, {
      method: 'POST',
      path: `/api/v4/zones/${ZONE}/dns_records`,
      headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' },
      body,
    })
    expect(res.status).toBe(200)
    // The write itself (the audit may read the zone's name before it, so it need not be the first call).
    const sent = upstream.requests.find((r) => r.method === 'POST')!
    expect(sent.body).toBe(body)
    expect(sent.headers['content-type']).toBe('application/json')
  })

  it('does not pass upstream Set-Cookie or other upstream headers to the browser', async () => {
    const res = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-echo-'))).toEqual([])
    expect(res.headers['content-type']).toBe('application/json')
  })

  it('sends the e-mail + key pair when that is the credential', async () => {
    const keyServer = await startApp({
      config: testConfig({
        credential: { kind: 'key', email: 'ops@acme.example', key: 'k'.repeat(37) },
        apiBaseUrl: upstream.url,
      }),
      endpoints,
    })
    try {
      await rawRequest(keyServer.url, { path: '/api/v4/zones' })
      expect(upstream.requests[0].headers).toMatchObject({ 'x-auth-email': 'ops@acme.example', 'x-auth-key': 'k'.repeat(37) })
      expect(upstream.requests[0].headers.authorization).toBeUndefined()
    } finally {
      await keyServer.close()
    }
  })
})

describe('live proxy: allowlist', () => {
  it.each([
    ['an unlisted path', 'GET', '/api/v4/accounts'],
    ['an unlisted method', 'DELETE', '/api/v4/zones'],
    ['a longer path', 'GET', `/api/v4/zones/${ZONE}/dns_records/export/more`],
    ['two trailing slashes', 'GET', '/api/v4/zones//'],
    ['the bare door', 'GET', '/api/v4'],
    ['HEAD', 'HEAD', '/api/v4/zones'],
    ['OPTIONS (no CORS preflight is granted)', 'OPTIONS', '/api/v4/zones'],
  ])('%s → 404 envelope, nothing forwarded', async (_what, method, path) => {
    const res = await rawRequest(server.url, { method, path, headers: { 'x-zonekeeper-request': '1' } })
    expect(res.status).toBe(404)
    if (method !== 'HEAD') expect(JSON.parse(res.body)).toMatchObject({ success: false, result: null, errors: [{ code: 7000 }] })
    expect(upstream.requests).toHaveLength(0)
  })

  it.each([
    '/api/v4/zones/%2e%2e/zones',
    '/api/v4/zones/%2E%2E',
    `/api/v4/zones/${ZONE}/dns_records/..`,
    `/api/v4/zones/${ZONE}/../../zones`,
    '/api/v4/zones/x%2f..%2f..%2fzones',
    `/api/v4/zones/${ZONE}%2Fdns_records`,
    '/api/v4//zones',
    `/api/v4/zones//${ZONE}/dns_records`,
    '/api/v4/./zones',
    '/api/v4/zones/%5c..%5czones',
    '/api/v4/zones/%252e%252e',
    `/api/v4/zones/${ZONE}%00/dns_records`,
    '/x/../api/v4/zones',
    '/api/v4/zones\\..\\zones',
  ])('path trick %s is refused and never forwarded', async (path) => {
    const res = await rawRequest(server.url, { path })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(JSON.parse(res.body).success).toBe(false)
    expect(upstream.requests).toHaveLength(0)
  })
})

describe('live proxy: one trailing slash', () => {
  it.each(['/api/v4/zones/?name=example.com', `/api/v4/zones/${ZONE}/dns_records/`])(
    '%s is allowed and forwarded without the slash',
    async (path) => {
      const res = await rawRequest(server.url, { path })
      expect(res.status).toBe(200)
      expect(upstream.requests).toHaveLength(1)
      expect(upstream.requests[0].url).toBe(`/client/v4${path.slice(7).replace(/\/(\?|$)/, '$1')}`)
    },
  )
})

describe('live proxy: upstream failures', () => {
  it('turns an upstream that never answers into a 504 envelope within the time-out', async () => {
    upstream.handle(hangHandler)
    const started = Date.now()
    const res = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(res.status).toBe(504)
    expect(JSON.parse(res.body)).toMatchObject({ success: false, errors: [{ code: 10504 }] })
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('turns a body that stops halfway into a 504 too', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      res.write('{"result":')
    })
    const res = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(res.status).toBe(504)
  })

  it('turns a dropped connection into a 502 envelope', async () => {
    upstream.handle(dropHandler)
    const res = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(res.status).toBe(502)
    expect(JSON.parse(res.body)).toMatchObject({ success: false, errors: [{ code: 10502 }] })
  })

  it('turns a refused connection into a 502 envelope naming the cause', async () => {
    const closed = await startFakeUpstream()
    await closed.close()
    const down = await startApp({
      config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: closed.url }),
      endpoints,
    })
    try {
      const res = await rawRequest(down.url, { path: '/api/v4/zones' })
      expect(res.status).toBe(502)
      expect(JSON.parse(res.body).errors[0].message).toMatch(/ECONNREFUSED/)
    } finally {
      await down.close()
    }
  })

  it('does not follow or pass on an upstream redirect', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(302, { location: 'http://evil.example/' })
      res.end()
    })
    const res = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(res.status).toBe(502)
    expect(res.headers.location).toBeUndefined()
    expect(upstream.requests).toHaveLength(1)
  })

  it('passes upstream API errors through with their status', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json', 'retry-after': '5' })
      res.end(
        JSON.stringify({
          result: null,
          success: false,
          errors: [{ code: 10000, message: 'Authentication error' }],
          messages: [],
        }),
      )
    })
    const res = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(res.status).toBe(403)
    expect(res.headers['retry-after']).toBe('5')
    expect(JSON.parse(res.body).errors[0].code).toBe(10000)
  })
})
