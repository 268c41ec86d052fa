import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { rawRequest } from '../../testing/http'
import { startApp, testConfig } from '../../testing/server'
import type { RunningServer } from '../serve'

/**
 * Through the live proxy: the shared schema refuses the body
 * before anything is forwarded, so the real service never sees it either.
 */
const ZONE = '0123456789abcdef0123456789abcdef'
let upstream: FakeUpstream
let server: RunningServer
beforeAll(async () => {
  upstream = await startFakeUpstream()
  server = await startApp({
    config: testConfig({ credential: { kind: 'token', token: 'tok-0123456789' }, apiBaseUrl: upstream.url }),
  })
})
afterAll(async () => {
  await server.close()
  await upstream.close()
})

const post = (body: unknown) =>
  rawRequest(server.url, {
    method: 'POST',
    path: `/api/v4/zones/${ZONE}/dns_records`,
    headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('live proxy: bodies the service refuses are not forwarded', () => {
  it.each<[string, unknown, string]>([
    [
      'an SRV target carrying zone-file lines',
      {
        type: 'SRV',
        name: '_x._tcp.inj',
        data: { priority: 1, weight: 1, port: 1, target: 'sip.example.net.\ninjected 300 IN A 6.6.6.6\n;' },
      },
      '/data/target',
    ],
    ['TXT content with CR LF', { type: 'TXT', name: 'x', content: 'a\r\ninjected 300 IN A 6.6.6.6' }, '/content'],
    [
      'a TLSA certificate that is not hex',
      { type: 'TLSA', name: '_443._tcp', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'ab\r\ncd' } },
      '/data/certificate',
    ],
    ['an MX pointing at an IP address', { type: 'MX', name: '@', content: '203.0.113.25', priority: 10 }, '/content'],
    ['a 1 MB comment', { type: 'A', name: 'x', content: '192.0.2.1', comment: 'c'.repeat(1_000_000) }, '/comment'],
  ])('%s → 400 with a field error', async (_what, body, pointer) => {
    upstream.requests.length = 0
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).errors.map((e: { source?: { pointer: string } }) => e.source?.pointer)).toContain(pointer)
    expect(upstream.requests).toHaveLength(0)
  })

  it('a 10 MB ruleset name → 400 at /name, not forwarded (every string field has a cap)', async () => {
    upstream.requests.length = 0
    const res = await rawRequest(server.url, {
      method: 'POST',
      path: `/api/v4/zones/${ZONE}/rulesets`,
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'n'.repeat(10 * 1024 * 1024), kind: 'zone', phase: 'http_log_custom_fields' }),
    })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).errors[0].source.pointer).toBe('/name')
    expect(upstream.requests).toHaveLength(0)
  })
})
