import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import type { Emulator } from '../emulator'
import { dnsModule } from '../emulator/dns'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { createModuleEmulator } from '../../testing/module-emulator'
import { testConfig } from '../../testing/server'

/**
 * A proxied CNAME is always flattened by the service, so its own `settings.flatten_cname: true` is
 * refused (api-notes §3.7). The record form checks it too, but an API client never sees the form:
 * these requests go to the server's doors (the dashboard's /api/v4 in sandbox and live mode, and the
 * sandbox's /client/v4), and each must answer 400 at `settings` and write or forward nothing.
 */
const Z = SEED_ZONES.demo.id
const WRITE = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const flattenedProxied = { type: 'CNAME', name: 'flat', content: 'target.example.net', proxied: true, settings: { flatten_cname: true } }

const me = createModuleEmulator([dnsModule])
const emulator: Emulator = { ...me, reset: async () => {}, ready: Promise.resolve(), preparing: () => [] }
const store = createStore({ dataDir: ':memory:' })
const sandbox = createApp({ config: testConfig(), emulator, store })
let upstream: FakeUpstream
let live: ReturnType<typeof createApp>
const liveStore = createStore({ dataDir: ':memory:' })
beforeAll(async () => {
  upstream = await startFakeUpstream()
  live = createApp({ config: testConfig({ credential: { kind: 'token', token: 'tok-0123456789' }, apiBaseUrl: upstream.url }), store: liveStore })
})
afterAll(async () => {
  await upstream.close()
  await store.close()
  await liveStore.close()
  me.close()
})

type Envelope = { success: boolean; result: { id: string } | null; errors: { code: number; message: string; source?: { pointer: string } }[] }
const send = async (app: ReturnType<typeof createApp>, door: '/api/v4' | '/client/v4', method: string, path: string, body: unknown) => {
  const headers = door === '/client/v4' ? { authorization: 'Bearer sandbox', 'content-type': 'application/json' } : WRITE
  const res = await app.request(`${door}${path}`, { method, headers, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as Envelope }
}
const refusedAtSettings = (r: { status: number; body: Envelope }) => {
  expect(r.status, JSON.stringify(r.body)).toBe(400)
  expect(r.body.errors.map((e) => e.source?.pointer)).toContain('/settings')
  expect(r.body.errors.find((e) => e.source?.pointer === '/settings')?.message).toMatch(/always flattened/)
}
const flatRecords = () => me.db.prepare("SELECT count(*) AS n FROM dns_records WHERE name LIKE 'flat%'").get() as { n: number }

describe('a proxied CNAME with flatten_cname on, at the server doors', () => {
  it.each(['/api/v4', '/client/v4'] as const)('the sandbox (%s) refuses it on create, replace, patch and batch, and stores nothing', async (door) => {
    refusedAtSettings(await send(sandbox, door, 'POST', `/zones/${Z}/dns_records`, flattenedProxied))

    // A flattened CNAME that is not proxied is fine; turning proxying on over it is not.
    const made = await send(sandbox, door, 'POST', `/zones/${Z}/dns_records`, { ...flattenedProxied, name: `flat-${door.length}`, proxied: false })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const id = made.body.result!.id
    refusedAtSettings(await send(sandbox, door, 'PATCH', `/zones/${Z}/dns_records/${id}`, { proxied: true }))
    refusedAtSettings(await send(sandbox, door, 'PATCH', `/zones/${Z}/dns_records/${id}`, { proxied: true, settings: { flatten_cname: true } }))
    refusedAtSettings(await send(sandbox, door, 'PUT', `/zones/${Z}/dns_records/${id}`, { ...flattenedProxied, name: `flat-${door.length}` }))
    const batch = await send(sandbox, door, 'POST', `/zones/${Z}/dns_records/batch`, { posts: [{ ...flattenedProxied, name: 'flat-batch' }] })
    expect(batch.status).toBe(400)

    const row = me.db.prepare('SELECT proxied, settings FROM dns_records WHERE id = ?').get(id) as { proxied: number; settings: string }
    expect(row).toEqual({ proxied: 0, settings: JSON.stringify({ flatten_cname: true }) })
    expect(flatRecords().n).toBe(1)
    me.db.prepare('DELETE FROM dns_records WHERE id = ?').run(id)
  })

  it('the live proxy refuses it on create, replace and a patch that sets both, and forwards nothing', async () => {
    const R = '0123456789abcdef0123456789abcdef'
    refusedAtSettings(await send(live, '/api/v4', 'POST', `/zones/${Z}/dns_records`, flattenedProxied))
    refusedAtSettings(await send(live, '/api/v4', 'PUT', `/zones/${Z}/dns_records/${R}`, flattenedProxied))
    refusedAtSettings(await send(live, '/api/v4', 'PATCH', `/zones/${Z}/dns_records/${R}`, { proxied: true, settings: { flatten_cname: true } }))
    expect((await send(live, '/api/v4', 'POST', `/zones/${Z}/dns_records/batch`, { puts: [{ ...flattenedProxied, id: R }] })).status).toBe(400)
    expect(upstream.requests.filter((r) => r.method !== 'GET')).toEqual([])
  })
})
