import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { createUpstream } from '.'

const TOKEN = 'upstream-token-0123456789abcdef'
let upstream: FakeUpstream
beforeAll(async () => {
  upstream = await startFakeUpstream()
})
afterAll(() => upstream.close())

const forward = (maxResponseBytes?: number) =>
  createUpstream({ baseUrl: upstream.url, credential: { kind: 'token', token: TOKEN }, timeoutMs: 2_000, maxResponseBytes })

describe('createUpstream', () => {
  it('sends only the credential, a user agent, accept, the codings it reads and the body’s type and length', async () => {
    upstream.requests.length = 0
    await forward()({
      method: 'PUT',
      pathAndQuery: '/zones/x?a=1',
      contentType: 'application/json',
      body: new TextEncoder().encode('{"a":1}'),
    })
    const [seen] = upstream.requests
    expect(seen.url).toBe('/client/v4/zones/x?a=1')
    expect(seen.body).toBe('{"a":1}')
    expect(Object.keys(seen.headers).sort()).toEqual([
      'accept',
      'accept-encoding',
      'authorization',
      'connection',
      'content-length',
      'content-type',
      'host',
      'user-agent',
    ])
  })

  it('decompresses a compressed answer before scrubbing it, and drops the encoding header', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      res.end(gzipSync(JSON.stringify({ result: { echoed: `Bearer ${TOKEN}` }, success: true, errors: [], messages: [] })))
    })
    const res = await forward()({ method: 'GET', pathAndQuery: '/zones' })
    expect(res.headers.get('content-encoding')).toBeNull()
    const text = await res.text()
    expect(text).toContain('"echoed":"Bearer [redacted]"')
    expect(text).not.toContain(TOKEN)
  })

  it('refuses an answer larger than the limit with a 502 instead of buffering it', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('x'.repeat(10_000))
    })
    const res = await forward(1_000)({ method: 'GET', pathAndQuery: '/zones' })
    expect(res.status).toBe(502)
    expect((await res.json()).errors[0].code).toBe(10502)
  })

  it('answers 204 without a body', async () => {
    upstream.handle((_req, res) => res.writeHead(204).end())
    const res = await forward()({ method: 'DELETE', pathAndQuery: '/zones/x/rulesets/y' })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })
})
