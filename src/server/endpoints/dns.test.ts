import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeEmulator, startApp, testConfig, type FakeEmulator } from '../../testing/server'
import type { RunningServer } from '../serve'
import { dnsEndpoints } from './dns'
import { zonesEndpoints } from './zones'

/** The dashboard's door with the real DNS allowlist: bad writes stop at the proxy, good ones pass. */

const Z = '0123456789abcdef0123456789abcdef'
const R = 'fedcba9876543210fedcba9876543210'
let emulator: FakeEmulator
let server: RunningServer

beforeAll(async () => {
  emulator = fakeEmulator()
  server = await startApp({ config: testConfig(), emulator, endpoints: [...zonesEndpoints, ...dnsEndpoints] })
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(async () => {
  await server.close()
  emulator.close()
})

const send = (method: string, path: string, body?: unknown, type = 'application/json') =>
  fetch(`${server.url}/api/v4${path}`, {
    method,
    headers: { 'x-zonekeeper-request': '1', ...(body instanceof FormData ? {} : { 'content-type': type }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  })

describe('DNS endpoints through the proxy', () => {
  it('forwards the reads: zones, list, one, export', async () => {
    for (const path of [
      '/zones',
      `/zones/${Z}`,
      `/zones/${Z}/dns_records?type=A&name.contains=x`,
      `/zones/${Z}/dns_records/${R}`,
      `/zones/${Z}/dns_records/export`,
    ]) {
      const before = emulator.seen.length
      expect((await send('GET', path)).status, path).toBe(200)
      expect(emulator.seen.length).toBe(before + 1)
    }
  })

  it('refuses a bad record before it reaches the service, one error per field with its code', async () => {
    const before = emulator.seen.length
    const res = await send('POST', `/zones/${Z}/dns_records`, { type: 'A', name: '-x', content: '1.1', ttl: 5, proxied: 'yes' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { errors: { code: number; source: { pointer: string } }[] }
    expect(body.errors.map((e) => `${e.source.pointer} ${e.code}`).sort()).toEqual([
      '/content 9005',
      '/name 9000',
      '/proxied 1004',
      '/ttl 9021',
    ])
    expect(emulator.seen.length).toBe(before)
  })

  it('validates PATCH (partial) and PUT (full) bodies', async () => {
    expect((await send('PATCH', `/zones/${Z}/dns_records/${R}`, { comment: 'ok' })).status).toBe(200)
    expect((await send('PATCH', `/zones/${Z}/dns_records/${R}`, { ttl: 7 })).status).toBe(400)
    expect((await send('PUT', `/zones/${Z}/dns_records/${R}`, { type: 'A', name: 'x', content: '192.0.2.1' })).status).toBe(200)
    expect((await send('PUT', `/zones/${Z}/dns_records/${R}`, { name: 'x' })).status).toBe(400)
    expect((await send('DELETE', `/zones/${Z}/dns_records/${R}`)).status).toBe(200)
  })

  it('passes a valid real-world create through untouched', async () => {
    const body = {
      type: 'TXT',
      name: '_acme-challenge.example.com',
      content: 'abc',
      ttl: 120,
      comment: 'certbot',
      extra_field: true,
    }
    expect((await send('POST', `/zones/${Z}/dns_records`, body)).status).toBe(200)
    // The last write the emulator saw (the audit log reads before and after with GETs).
    expect(JSON.parse(emulator.seen.filter((r) => r.method !== 'GET').at(-1)!.body)).toEqual(body)
  })

  it('forwards multipart imports with their content type', async () => {
    const form = new FormData()
    form.set('file', new Blob(['www 300 IN A 192.0.2.1\n']), 'zone.txt')
    expect((await send('POST', `/zones/${Z}/dns_records/import`, form)).status).toBe(200)
    expect(emulator.seen.filter((r) => r.method !== 'GET').at(-1)!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
  })
})
