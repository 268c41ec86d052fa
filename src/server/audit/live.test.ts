import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { createApp } from '../app'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'

/** Live mode: the before state comes from the real API (here a fake that keeps one record), just before the write. */
const ZONE = '0123456789abcdef0123456789abcdef'
const REC = 'fedcba9876543210fedcba9876543210'
let upstream: FakeUpstream
let record = { id: REC, type: 'A', name: 'www.example.com', content: '192.0.2.1', ttl: 300, proxied: false }
const store = createStore({ dataDir: ':memory:' })

beforeAll(async () => {
  upstream = await startFakeUpstream((req, res) => {
    res.setHeader('content-type', 'application/json')
    const send = (result: unknown) => res.end(JSON.stringify({ success: true, errors: [], messages: [], result }))
    if (req.url.endsWith(`/zones/${ZONE}`)) return send({ id: ZONE, name: 'example.com' })
    if (req.method === 'PATCH') record = { ...record, ...(JSON.parse(req.body) as object) }
    send(record)
  })
})
afterAll(async () => {
  await upstream.close()
  await store.close()
})

describe('audit in live mode', () => {
  it('reads the record from the API before the PATCH and keeps the API answer as after', async () => {
    const app = createApp({ config: testConfig({ credential: { kind: 'token', token: 'tok-0123456789' }, apiBaseUrl: upstream.url }), store })
    const res = await app.request(`/api/v4/zones/${ZONE}/dns_records/${REC}`, {
      method: 'PATCH',
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ content: '192.0.2.2' }),
    })
    expect(res.status).toBe(200)
    const entry = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
    expect(entry).toMatchObject({ mode: 'live', zoneName: 'example.com', action: 'update', resourceId: REC, outcome: 'success' })
    expect(entry.before).toMatchObject({ content: '192.0.2.1' })
    expect(entry.after).toMatchObject({ content: '192.0.2.2' })
    // The read came just before the write, and nothing but the write changed anything upstream.
    const seen = upstream.requests.map((r) => `${r.method} ${r.url.replace(/^\/client\/v4/, '')}`)
    expect(seen.indexOf(`GET /zones/${ZONE}/dns_records/${REC}`)).toBe(seen.indexOf(`PATCH /zones/${ZONE}/dns_records/${REC}`) - 1)
    expect(upstream.requests.filter((r) => r.method !== 'GET')).toHaveLength(1)
    // The credential never reaches the log.
    expect(JSON.stringify(entry)).not.toContain('tok-0123456789')
  })
})
