import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { rawRequest } from '../../testing/http'
import { startApp, testConfig } from '../../testing/server'

const ZONE = '0123456789abcdef0123456789abcdef'
const recordSchema = z.object({
  type: z.enum(['A', 'AAAA']),
  name: z.string().min(1, 'Name is required.'),
  content: z.string().refine((v) => v.includes('.'), { message: 'Content must be an address.', params: { code: 9005 } }),
  ttl: z.number().int().min(60).max(86400).optional(),
})
// A test-only allowlist: the real schemas arrive from other areas.
const endpoints: Endpoint[] = [
  { method: 'POST', path: '/zones/:zone_id/records', body: recordSchema },
  { method: 'PATCH', path: '/zones/:zone_id/records/:id', body: recordSchema.partial(), validationCode: 9000 },
  { method: 'DELETE', path: '/zones/:zone_id/records/:id' },
]

let upstream: FakeUpstream
let server: RunningServer
beforeAll(async () => {
  upstream = await startFakeUpstream()
  server = await startApp({
    config: testConfig({ credential: { kind: 'token', token: 'tok-123456789' }, apiBaseUrl: upstream.url }),
    endpoints,
  })
})
afterAll(async () => {
  await server.close()
  await upstream.close()
})
afterEach(() => void (upstream.requests.length = 0))

const write = (method: string, path: string, body: string) =>
  rawRequest(server.url, { method, path, body, headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' } })

describe('validation before forwarding', () => {
  it('answers 400 with one error per bad field, each with its source.pointer, and forwards nothing', async () => {
    const res = await write(
      'POST',
      `/api/v4/zones/${ZONE}/records`,
      JSON.stringify({ type: 'MX', name: '', content: 'nowhere', ttl: 5 }),
    )
    expect(res.status).toBe(400)
    const body = JSON.parse(res.body)
    expect(body).toMatchObject({ success: false, result: null, messages: [] })
    const pointers = body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()
    expect(pointers).toEqual(['/content', '/name', '/ttl', '/type'])
    expect(body.errors.find((e: { source: { pointer: string } }) => e.source.pointer === '/content')).toMatchObject({
      code: 9005,
      message: 'Content must be an address.',
    })
    expect(body.errors.find((e: { source: { pointer: string } }) => e.source.pointer === '/type').code).toBe(1004)
    expect(upstream.requests).toHaveLength(0)
  })

  it('uses the endpoint’s own validation code when a rule carries none', async () => {
    const res = await write('PATCH', `/api/v4/zones/${ZONE}/records/${ZONE}`, JSON.stringify({ ttl: 'soon' }))
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).errors).toEqual([expect.objectContaining({ code: 9000, source: { pointer: '/ttl' } })])
    expect(upstream.requests).toHaveLength(0)
  })

  it('answers malformed JSON with 400 code 6007 and forwards nothing', async () => {
    const res = await write('POST', `/api/v4/zones/${ZONE}/records`, '{"type": "A",')
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).errors[0].code).toBe(6007)
    expect(upstream.requests).toHaveLength(0)
  })

  it('treats an empty body as {} (so required fields are reported)', async () => {
    const res = await write('POST', `/api/v4/zones/${ZONE}/records`, '')
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).errors.length).toBeGreaterThanOrEqual(3)
  })

  it('forwards a valid body byte for byte, unknown fields included', async () => {
    const body = JSON.stringify({ type: 'A', name: 'www', content: '192.0.2.1', ttl: 300, comment: 'kept', tags: ['a:b'] })
    const res = await write('POST', `/api/v4/zones/${ZONE}/records`, body)
    expect(res.status).toBe(200)
    // Writes only: the audit log reads around a write (the zone's name, the object before a change).
    const writes = upstream.requests.filter((r) => r.method !== 'GET')
    expect(writes).toHaveLength(1)
    expect(writes[0].body).toBe(body)
  })

  it('forwards writes without a schema unvalidated (a DELETE with a JSON content type and no body)', async () => {
    const res = await rawRequest(server.url, {
      method: 'DELETE',
      path: `/api/v4/zones/${ZONE}/records/${ZONE}`,
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    })
    expect(res.status).toBe(200)
    // The write itself (the audit may read the zone's name before it, so it need not be the first call).
    expect(upstream.requests.find((r) => r.method === 'DELETE')).toMatchObject({ method: 'DELETE', body: '' })
  })

  it('refuses bodies over the size limit with 413', async () => {
    const res = await rawRequest(server.url, {
      method: 'POST',
      path: `/api/v4/zones/${ZONE}/records`,
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json', 'content-length': String(17 * 1024 * 1024) },
    })
    expect(res.status).toBe(413)
    expect(upstream.requests).toHaveLength(0)
  })
})
