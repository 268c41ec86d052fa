import { describe, expect, it } from 'vitest'
import type { Credential } from './config'
import type { Endpoint } from './endpoints'
import {
  dropHandler,
  echoHandler,
  hangHandler,
  startFakeUpstream,
  type FakeHandler,
  type FakeUpstream,
} from '../testing/fake-upstream'
import { rawRequest, wholeResponse, type RawRequest } from '../testing/http'
import { startApp, testConfig } from '../testing/server'

const ZONE = '0123456789abcdef0123456789abcdef'
const endpoints: Endpoint[] = [
  { method: 'GET', path: '/zones' },
  { method: 'GET', path: '/zones/:zone_id/dns_records' },
  { method: 'POST', path: '/zones/:zone_id/dns_records' },
  { method: 'DELETE', path: '/zones/:zone_id/dns_records/:id' },
]

/** Echoes the request headers into the body (raw, JSON-escaped) and into the headers the proxy passes on. */
const nastyEcho: FakeHandler = (req, res) => {
  const auth = String(req.headers.authorization ?? req.headers['x-auth-key'] ?? '')
  const secret = auth.replace(/^Bearer /, '')
  res.setHeader('content-type', 'application/json')
  res.setHeader('content-disposition', `attachment; filename="${secret}.txt"`)
  res.setHeader('cf-ray', secret)
  res.setHeader('x-echo-auth', auth)
  res.setHeader('set-cookie', `t=${secret}`)
  res.end(
    `{"result":{"seen":${JSON.stringify(req.headers)},"escaped":"${secret.replace(/\//g, '\\/')}"},"success":true,"errors":[],"messages":[]}`,
  )
}

/** A varied run: successes, echoes, refusals, unknown paths, path tricks, validation, time-outs, network errors. */
const run: { handler: FakeHandler; req: RawRequest }[] = [
  { handler: echoHandler, req: { path: '/api/v4/zones?name=example.com' } },
  { handler: nastyEcho, req: { path: `/api/v4/zones/${ZONE}/dns_records` } },
  {
    handler: nastyEcho,
    req: {
      method: 'POST',
      path: `/api/v4/zones/${ZONE}/dns_records`,
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: '{"type":"A"}',
    },
  },
  {
    handler: nastyEcho,
    req: { method: 'DELETE', path: `/api/v4/zones/${ZONE}/dns_records/${ZONE}`, headers: { 'x-zonekeeper-request': '1' } },
  },
  { handler: nastyEcho, req: { method: 'POST', path: `/api/v4/zones/${ZONE}/dns_records`, body: '{}' } },
  {
    handler: nastyEcho,
    req: {
      method: 'POST',
      path: `/api/v4/zones/${ZONE}/dns_records`,
      headers: { 'x-zonekeeper-request': '1', origin: 'http://evil.example' },
      body: '{}',
    },
  },
  { handler: nastyEcho, req: { path: '/api/v4/accounts' } },
  { handler: nastyEcho, req: { path: '/api/v4/zones/%2e%2e/user' } },
  { handler: nastyEcho, req: { path: '/client/v4/zones', headers: { authorization: 'Bearer x' } } },
  { handler: nastyEcho, req: { path: '/healthz' } },
  { handler: nastyEcho, req: { path: '/api/sandbox/reset', method: 'POST', headers: { 'x-zonekeeper-request': '1' } } },
  { handler: hangHandler, req: { path: '/api/v4/zones' } },
  { handler: dropHandler, req: { path: '/api/v4/zones' } },
  { handler: (_q, res) => res.writeHead(500).end('upstream broke'), req: { path: '/api/v4/zones' } },
]

async function scan(credential: Credential) {
  const upstream: FakeUpstream = await startFakeUpstream()
  const logs: string[] = []
  const server = await startApp({
    config: testConfig({ credential, apiBaseUrl: upstream.url, upstreamTimeoutMs: 200 }),
    endpoints,
    log: (line) => logs.push(line),
  })
  const seen: string[] = []
  try {
    for (const { handler, req } of run) {
      upstream.handle(handler)
      seen.push(wholeResponse(await rawRequest(server.url, req)))
    }
  } finally {
    await server.close()
    await upstream.close()
  }
  return { seen, logs, upstream }
}

describe('the credential appears in no response and no log line', () => {
  it.each<[string, Credential, string]>([
    ['API token', { kind: 'token', token: 'tok/secret-0123456789-abcdefghij' }, 'tok/secret-0123456789-abcdefghij'],
    [
      'global API key',
      { kind: 'key', email: 'ops@acme.example', key: 'keysecret0123456789abcdef0123456789ab' },
      'keysecret0123456789abcdef0123456789ab',
    ],
  ])('%s', async (_what, credential, secret) => {
    const { seen, logs, upstream } = await scan(credential)
    // The run did reach upstream with the credential, and upstream did echo it back...
    expect(upstream.requests.some((r) => JSON.stringify(r.headers).includes(secret))).toBe(true)
    expect(seen.some((s) => s.includes('[redacted]'))).toBe(true)
    // ...yet no response (status, headers, body) and no log line holds it, in any spelling.
    const spellings = [secret, secret.replace(/\//g, '\\/'), encodeURIComponent(secret)]
    for (const text of [...seen, ...logs]) for (const s of spellings) expect(text).not.toContain(s)
    expect(seen).toHaveLength(run.length)
    expect(logs.length).toBeGreaterThanOrEqual(run.length - 1)
  })
})
