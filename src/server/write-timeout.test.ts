import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream'
import { rawRequest } from '../testing/http'
import { startApp, testConfig } from '../testing/server'
import type { RunningServer } from './serve'

/**
 * An upstream that applies a write but answers after the time-out. The 504 must not
 * read as "nothing happened": it says the change may have been applied (code 10505), while a read
 * that times out keeps the plain 10504.
 */
const ZONE = '0123456789abcdef0123456789abcdef'
let upstream: FakeUpstream
let server: RunningServer
const applied: string[] = []
beforeAll(async () => {
  upstream = await startFakeUpstream((req, res) => {
    if (req.method !== 'GET') applied.push(req.body)
    setTimeout(() => {
      if (res.destroyed) return
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"result":{},"success":true,"errors":[],"messages":[]}')
    }, 1_000)
  })
  server = await startApp({
    config: testConfig({ credential: { kind: 'token', token: 'tok-0123456789' }, apiBaseUrl: upstream.url, upstreamTimeoutMs: 200 }),
  })
})
afterAll(async () => {
  await server.close()
  await upstream.close()
})

describe('upstream time-out', () => {
  it('on a write: 504 code 10505, saying the change may have been applied; upstream did apply it', async () => {
    const res = await rawRequest(server.url, {
      method: 'POST',
      path: `/api/v4/zones/${ZONE}/dns_records`,
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: 'late', content: '192.0.2.9' }),
    })
    expect(res.status).toBe(504)
    const { errors } = JSON.parse(res.body)
    expect(errors[0].code).toBe(10505)
    expect(errors[0].message).toMatch(/may still have been applied/)
    expect(errors[0].message).toMatch(/Check the current state before trying again/)
    expect(applied).toHaveLength(1)
  })

  it('on a read: 504 code 10504, try again', async () => {
    const res = await rawRequest(server.url, { path: `/api/v4/zones/${ZONE}/dns_records` })
    expect(res.status).toBe(504)
    expect(JSON.parse(res.body).errors[0].code).toBe(10504)
  })
})
