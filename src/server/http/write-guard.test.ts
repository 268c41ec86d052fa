import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig, type FakeEmulator } from '../../testing/server'

const ZONE = '0123456789abcdef0123456789abcdef'
const endpoints: Endpoint[] = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
  method,
  path: '/zones/:zone_id/things',
}))

let upstream: FakeUpstream
let live: RunningServer
let emulator: FakeEmulator
let sandbox: RunningServer

beforeAll(async () => {
  upstream = await startFakeUpstream()
  live = await startApp({
    config: testConfig({ credential: { kind: 'token', token: 'tok-123456789' }, apiBaseUrl: upstream.url }),
    endpoints,
  })
  emulator = fakeEmulator()
  sandbox = await startApp({ config: testConfig(), emulator, endpoints })
})
afterAll(async () => {
  await live.close()
  await sandbox.close()
  await upstream.close()
})
afterEach(() => {
  upstream.requests.length = 0
  emulator.seen.length = 0
})

const path = `/api/v4/zones/${ZONE}/things`
const own = () => `http://${new URL(live.url).host}`

describe('write guard on /api/v4 (live)', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s without X-Zonekeeper-Request → 403, nothing reaches upstream',
    async (method) => {
      const res = await rawRequest(live.url, { method, path, headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(res.status).toBe(403)
      expect(JSON.parse(res.body)).toMatchObject({ success: false, errors: [{ code: 10403 }] })
      expect(upstream.requests).toHaveLength(0)
    },
  )

  it.each([
    ['a wrong header value', { 'x-zonekeeper-request': 'true' }],
    ['a foreign Origin', { 'x-zonekeeper-request': '1', origin: 'http://evil.example' }],
    ['the same host on another port', { 'x-zonekeeper-request': '1', origin: 'http://127.0.0.1:1' }],
    ['Origin: null (sandboxed frame, file://)', { 'x-zonekeeper-request': '1', origin: 'null' }],
    ['a cross-site fetch', { 'x-zonekeeper-request': '1', 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s, nothing reaches upstream', async (_what, headers) => {
    const res = await rawRequest(live.url, { method: 'POST', path, headers, body: '{}' })
    expect(res.status).toBe(403)
    expect(upstream.requests).toHaveLength(0)
  })

  it('lets a write through with the header and no Origin, or the dashboard’s own Origin', async () => {
    const a = await rawRequest(live.url, { method: 'PATCH', path, headers: { 'x-zonekeeper-request': '1' }, body: '{}' })
    const b = await rawRequest(live.url, {
      method: 'DELETE',
      path,
      headers: { 'x-zonekeeper-request': '1', origin: own(), 'sec-fetch-site': 'same-origin' },
    })
    expect([a.status, b.status]).toEqual([200, 200])
    // Writes only: the audit log reads the object before each change (GETs).
    const writes = upstream.requests.filter((r) => r.method !== 'GET')
    expect(writes.map((r) => r.method)).toEqual(['PATCH', 'DELETE'])
    expect(writes[0].headers['x-zonekeeper-request']).toBeUndefined()
  })

  it('does not ask it of reads', async () => {
    const res = await rawRequest(live.url, { path, headers: { origin: 'http://evil.example' } })
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('write guard in the sandbox', () => {
  it('guards /api/v4 writes before the emulator too', async () => {
    const res = await rawRequest(sandbox.url, { method: 'POST', path, body: '{}' })
    expect(res.status).toBe(403)
    expect(emulator.seen).toHaveLength(0)
  })

  it('guards POST /api/sandbox/reset', async () => {
    const before = emulator.resets
    expect((await rawRequest(sandbox.url, { method: 'POST', path: '/api/sandbox/reset' })).status).toBe(403)
    const foreign = { 'x-zonekeeper-request': '1', origin: 'http://evil.example' }
    expect((await rawRequest(sandbox.url, { method: 'POST', path: '/api/sandbox/reset', headers: foreign })).status).toBe(403)
    expect(emulator.resets).toBe(before)
    const ok = await rawRequest(sandbox.url, {
      method: 'POST',
      path: '/api/sandbox/reset',
      headers: { 'x-zonekeeper-request': '1' },
    })
    expect(ok.status).toBe(200)
    expect(JSON.parse(ok.body)).toMatchObject({ success: true, result: { reset: true } })
    expect(emulator.resets).toBe(before + 1)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('guards %s /api/local/*', async (method) => {
    const res = await rawRequest(sandbox.url, { method, path: '/api/local/anything', body: '{}' })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body).errors[0].code).toBe(10403)
    const guarded = await rawRequest(sandbox.url, {
      method,
      path: '/api/local/anything',
      headers: { 'x-zonekeeper-request': '1', origin: 'http://evil.example' },
    })
    expect(guarded.status).toBe(403)
  })
})

describe('Host check (DNS rebinding)', () => {
  it('answers only loopback names when listening on loopback', async () => {
    const port = new URL(live.url).port
    const evil = await rawRequest(live.url, { path, headers: { host: `rebind.evil.example:${port}` } })
    expect(evil.status).toBe(403)
    expect(upstream.requests).toHaveLength(0)
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await rawRequest(live.url, { path: '/healthz', headers: { host } })).status, host).toBe(200)
    }
  })

  it('keeps each verdict per host, also past the number of hosts it remembers', async () => {
    const port = new URL(live.url).port
    const status = async (host: string) => (await rawRequest(live.url, { path: '/healthz', headers: { host } })).status
    // Asked again, and again after 100 other names (the verdicts kept are bounded, then renewed).
    for (let round = 0; round < 2; round++) {
      expect(await status(`evil.example:${port}`)).toBe(403)
      expect(await status(`localhost:${port}`)).toBe(200)
      for (let i = 0; i < 100; i++) expect(await status(`n${i}.evil.example`)).toBe(403)
    }
    expect(await status(`127.0.0.1:${port}`)).toBe(200)
    expect(await status(`evil.example:${port}`)).toBe(403)
    // An absolute request target names its own host: that one is judged, not the Host header.
    const absolute = await rawRequest(live.url, { path: `http://rebind.evil.example:${port}/healthz`, headers: { host: `localhost:${port}` } })
    expect(absolute.status).toBe(403)
  })

  it('answers names listed in ALLOWED_HOSTS', async () => {
    const server = await startApp({ config: testConfig({ allowedHosts: ['dash.example'] }), emulator: fakeEmulator() })
    try {
      expect((await rawRequest(server.url, { path: '/healthz', headers: { host: 'dash.example' } })).status).toBe(200)
      expect((await rawRequest(server.url, { path: '/healthz', headers: { host: 'other.example' } })).status).toBe(403)
    } finally {
      await server.close()
    }
  })
})
