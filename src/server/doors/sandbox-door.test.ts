import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../serve'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig, type FakeEmulator } from '../../testing/server'

let emulator: FakeEmulator
let server: RunningServer
beforeAll(async () => {
  emulator = fakeEmulator()
  server = await startApp({ config: testConfig(), emulator })
})
afterAll(() => server.close())
afterEach(() => void (emulator.seen.length = 0))

const bearer = { authorization: 'Bearer any-token-at-all' }
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, { path, headers })
const errorsOf = (body: string) => JSON.parse(body).errors

describe('/client/v4 credentials, like the real service', () => {
  it('answers 400 code 9106 without any credential, before the emulator', async () => {
    const res = await get('/client/v4/zones')
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({
      success: false,
      result: null,
      errors: [{ code: 9106, message: 'Missing X-Auth-Key, X-Auth-Email or Authorization headers' }],
    })
    expect(emulator.seen).toHaveLength(0)
  })

  it.each([
    ['Bearer', { authorization: 'Bearer 0123456789abcdefABCDEF_-0123456789abcdef' }],
    ['lower-case bearer', { authorization: 'bearer tok' }],
    ['e-mail + key', { 'x-auth-email': 'dev@example.com', 'x-auth-key': '0123456789abcdef0123456789abcdef01234' }],
  ])('accepts any well-formed %s', async (_what, headers) => {
    const res = await get('/client/v4/zones', headers)
    expect(res.status).toBe(200)
    expect(emulator.seen).toHaveLength(1)
  })

  it.each([
    ['a Basic scheme', { authorization: 'Basic dXNlcjpwdw==' }, [6111]],
    ['an empty Bearer', { authorization: 'Bearer ' }, [6111]],
    ['a Bearer with spaces', { authorization: 'Bearer two words' }, [6111]],
    ['an e-mail without a key', { 'x-auth-email': 'dev@example.com' }, [6103]],
    ['a key without an e-mail', { 'x-auth-key': 'abc' }, [6102]],
    ['a malformed e-mail', { 'x-auth-email': 'not an email', 'x-auth-key': 'abc' }, [6102]],
    ['a key with spaces', { 'x-auth-email': 'dev@example.com', 'x-auth-key': 'a b' }, [6103]],
  ])('answers %s with 400 code 6003 and the detail in error_chain', async (_what, headers, chain) => {
    const res = await get('/client/v4/zones', headers)
    expect(res.status).toBe(400)
    const [error] = errorsOf(res.body)
    expect(error).toMatchObject({ code: 6003, message: 'Invalid request headers' })
    expect(error.error_chain.map((e: { code: number }) => e.code)).toEqual(chain)
    expect(emulator.seen).toHaveLength(0)
  })

  it('refuses a body that is neither JSON nor multipart with 6003 / 6105', async () => {
    const res = await rawRequest(server.url, {
      method: 'POST',
      path: '/client/v4/zones',
      headers: { ...bearer, 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(res.status).toBe(400)
    expect(errorsOf(res.body)[0].error_chain).toEqual([expect.objectContaining({ code: 6105 })])
    expect(emulator.seen).toHaveLength(0)
  })
})

describe('/client/v4 forwarding to the emulator', () => {
  it('passes path and query untouched (dotted filters, repeated keys) and none of the client’s headers but its token', async () => {
    const res = await get('/client/v4/zones/abc/dns_records?name.contains=www&type=A&type=AAAA&page=2', {
      ...bearer,
      'x-stainless-lang': 'js',
      'x-stainless-retry-count': '0',
      'api-version': '2024-01-01',
      'sec-fetch-mode': 'cors',
      cookie: 'a=b',
    })
    expect(res.status).toBe(200)
    const [seen] = emulator.seen
    expect(seen.url).toBe('/zones/abc/dns_records?name.contains=www&type=A&type=AAAA&page=2')
    // Only the Bearer token goes with it (what it reaches: emulator/estate/reach.ts).
    expect(Object.keys(seen.headers).filter((h) => h !== 'content-type')).toEqual(['authorization'])
    expect(seen.headers.authorization).toBe(bearer.authorization)
  })

  it.each(['GET', 'DELETE'])('accepts %s with Content-Type: application/json and no body', async (method) => {
    const res = await rawRequest(server.url, {
      method,
      path: '/client/v4/zones/abc',
      headers: { ...bearer, 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    expect(emulator.seen[0]).toMatchObject({ method, body: '' })
  })

  it('passes a JSON body and a multipart body with their content types', async () => {
    const json = '{"type":"A","name":"www","content":"192.0.2.1"}'
    await rawRequest(server.url, {
      method: 'POST',
      path: '/client/v4/zones/abc/dns_records',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: json,
    })
    const multipart =
      '--b\r\nContent-Disposition: form-data; name="file"; filename="z.txt"\r\n\r\nwww 300 IN A 192.0.2.1\r\n--b--\r\n'
    await rawRequest(server.url, {
      method: 'POST',
      path: '/client/v4/zones/abc/dns_records/import',
      headers: { ...bearer, 'content-type': 'multipart/form-data; boundary=b' },
      body: multipart,
    })
    expect(emulator.seen.map((s) => [s.body, s.headers['content-type']])).toEqual([
      [json, 'application/json'],
      [multipart, 'multipart/form-data; boundary=b'],
    ])
  })

  it('accepts one trailing slash (ddclient sends /zones/?name=…) and hands the emulator the path without it', async () => {
    expect((await get('/client/v4/zones/?name=example.com', bearer)).status).toBe(200)
    expect((await get('/client/v4/zones/abc/dns_records/', bearer)).status).toBe(200)
    expect(emulator.seen.map((s) => s.url)).toEqual(['/zones?name=example.com', '/zones/abc/dns_records'])
  })

  it('refuses path tricks here too', async () => {
    for (const path of ['/client/v4/zones/%2e%2e/x', '/client/v4//zones', '/client/v4/zones/a%2fb', '/client/v4/zones//']) {
      expect((await get(path, bearer)).status, path).toBe(404)
    }
    expect(emulator.seen).toHaveLength(0)
  })
})

describe('/client/v4 in live mode', () => {
  it('does not exist (404 envelope): the sandbox is off', async () => {
    const live = await startApp({ config: testConfig({ credential: { kind: 'token', token: 'tok-123456789' } }) })
    try {
      const res = await rawRequest(live.url, { path: '/client/v4/zones', headers: bearer })
      expect(res.status).toBe(404)
      expect(errorsOf(res.body)[0].code).toBe(7000)
      expect(
        (await rawRequest(live.url, { method: 'POST', path: '/api/sandbox/reset', headers: { 'x-zonekeeper-request': '1' } }))
          .status,
      ).toBe(404)
    } finally {
      await live.close()
    }
  })
})
