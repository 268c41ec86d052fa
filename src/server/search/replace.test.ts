import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import type { Emulator } from '../emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import type { RecordSearchReply } from '../../shared/search/record-search'
import type { ReplacePreview, ReplaceZoneResult } from '../../shared/schemas/record-replace'

/**
 * "Change them all" from the search, at the dashboard's door: roles and zone scope decided by the
 * server whatever ids the client sends, an approval zone filed as a change request, the batch a
 * write command whose answer the index takes at once, and a preview read from the API (not the index).
 */
const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
const cookie: Record<string, string> = {}
const demo = SEED_ZONES.demo
const shop = SEED_ZONES.scripts
const OLD = '203.0.113.77'
const NEW = '203.0.113.99'
const ids: Record<string, string> = {}

const call = (who: string, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { cookie: cookie[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const search = async (q: string) => ((await (await call('ad', 'GET', `/api/local/search/records?q=${q}`)).json()) as { result: RecordSearchReply }).result
const bySearch = { mode: 'search', q: OLD } as const
const replace = { action: 'replace', content: NEW } as const

beforeAll(async () => {
  emulator = memoryEmulator()
  app = createApp({ config: testConfig(), emulator, store, search: { paceMs: 0 } })
  const people = {
    ad: await addPerson(store, 'ad', 'admin'),
    ed: await addPerson(store, 'ed', 'editor', ['example.com']),
    eb: await addPerson(store, 'eb', 'editor'),
    vi: await addPerson(store, 'vi', 'viewer'),
  }
  for (const [name, p] of Object.entries(people)) cookie[name] = await sessionCookie(app, name, p.password)
  await store.recordIndex.putZones('sandbox', [demo, shop].map((z) => ({ zone_id: z.id, zone_name: z.name, account_id: DEMO_ACCOUNT.id })), Date.now())
  // One record at the same address in each zone, written through the dashboard (so the index has them at once).
  for (const z of [demo, shop]) {
    const res = await call('ad', 'POST', `/api/v4/zones/${z.id}/dns_records`, { type: 'A', name: `origin.${z.name}`, content: OLD, ttl: 7200, proxied: false })
    expect(res.status).toBe(200)
    ids[z.name] = ((await res.json()) as { result: { id: string } }).result.id
  }
  await searchOf(app).settled()
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  emulator.close()
  await store.close()
})

describe('change them all, at the server door', () => {
  it('refuses a viewer (preview and apply)', async () => {
    expect((await call('vi', 'POST', '/api/local/search/replace/preview', { selection: bySearch, change: replace })).status).toBe(403)
    expect((await call('vi', 'POST', `/api/local/search/replace/zones/${demo.id}`, { selection: bySearch, change: replace })).status).toBe(403)
  })

  it('refuses a zone outside the person\'s scope even when the client names its record', async () => {
    const selection = { mode: 'records', records: [{ zone_id: shop.id, id: ids[shop.name] }] }
    const res = await call('ed', 'POST', `/api/local/search/replace/zones/${shop.id}`, { selection, change: replace })
    expect(res.status).toBe(403)
    const preview = ((await (await call('ed', 'POST', '/api/local/search/replace/preview', { selection, change: replace })).json()) as { result: ReplacePreview }).result
    expect(preview.zones).toMatchObject([{ zone_id: shop.id, how: 'refused', rows: [] }])
    // By the search, the scope is applied in the query: the other zone is not even named.
    const mine = ((await (await call('ed', 'POST', '/api/local/search/replace/preview', { selection: bySearch, change: replace })).json()) as { result: ReplacePreview }).result
    expect(mine.zones.map((z) => z.zone_name)).toEqual(['example.com'])
    expect((await search(OLD)).total_count).toBe(2)
  })

  it('validates the new value with the record type\'s own schema, pointing at each record', async () => {
    const preview = ((await (await call('eb', 'POST', '/api/local/search/replace/preview', { selection: bySearch, change: { action: 'replace', content: 'not-an-ip' } })).json()) as { result: ReplacePreview }).result
    expect(preview.records).toBe(0)
    expect(preview.zones[0].rows[0].problem).toMatch(/IPv4/i)
  })

  it('files one change request on a zone that needs approval, instead of writing', async () => {
    await store.changeRequests.setZone({ zoneId: demo.id, zoneName: demo.name, required: true, approverMode: 'admins', approverIds: [] }, 'test')
    try {
      const res = await call('ed', 'POST', `/api/local/search/replace/zones/${demo.id}`, { selection: bySearch, change: replace, reason: 'new origin' })
      expect(res.status).toBe(200)
      const out = ((await res.json()) as { result: ReplaceZoneResult }).result
      expect(out.outcome).toBe('filed')
      const filed = await store.changeRequests.get(out.change_request_id!)
      expect(filed).toMatchObject({ zoneId: demo.id, status: 'pending', reason: 'new origin' })
      expect(filed!.items).toMatchObject([{ action: 'update', recordId: ids[demo.name], body: { content: NEW } }])
      expect((await search(OLD)).total_count).toBe(2) // nothing written
    } finally {
      await store.changeRequests.setZone({ zoneId: demo.id, zoneName: demo.name, required: false, approverMode: 'admins', approverIds: [] }, 'test')
    }
  })

  it('previews from the API as it is now, not the index: a record changed since the search is shown as it is', async () => {
    // Someone changes the shop's record behind the dashboard's back: the index still has the old address.
    const res = await emulator.app.request(`/zones/${shop.id}/dns_records/${ids[shop.name]}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: '198.51.100.5' }) })
    expect(res.status).toBe(200)
    expect((await search(OLD)).total_count).toBe(2)
    const preview = ((await (await call('eb', 'POST', '/api/local/search/replace/preview', { selection: bySearch, change: replace })).json()) as { result: ReplacePreview }).result
    const byName = Object.fromEntries(preview.zones.map((z) => [z.zone_name, z]))
    expect(byName['shop-scale.io']).toMatchObject({ how: 'direct', rows: [], gone: 1 })
    expect(byName['example.com'].rows).toMatchObject([{ id: ids[demo.name], before: { content: OLD }, after: { content: NEW }, problem: null }])
    // The change requests' impact notes, for this zone: the long TTL keeps the old address cached.
    expect(byName['example.com'].impact.map((n) => n.text).join(' ')).toMatch(/TTL of 2 hours/)
    // Ticked by id, the record is shown as it is now.
    const ticked = ((await (await call('eb', 'POST', '/api/local/search/replace/preview', { selection: { mode: 'records', records: [{ zone_id: shop.id, id: ids[shop.name] }] }, change: replace })).json()) as { result: ReplacePreview }).result
    expect(ticked.zones[0].rows[0].before.content).toBe('198.51.100.5')
    await emulator.app.request(`/zones/${shop.id}/dns_records/${ids[shop.name]}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: OLD }) })
  })

  it('lands one batch per zone as a write command (an audit entry to undo), and the index has the new value at once', async () => {
    for (const z of [demo, shop]) {
      const res = await call('eb', 'POST', `/api/local/search/replace/zones/${z.id}`, { selection: { mode: 'records', records: [{ zone_id: z.id, id: ids[z.name] }] }, change: replace })
      expect(res.status).toBe(200)
      const out = ((await res.json()) as { result: ReplaceZoneResult }).result
      expect(out).toMatchObject({ outcome: 'applied', records: [{ id: ids[z.name], status: 'ok' }] })
      expect(out.audit_ids).toHaveLength(1)
      const entry = await store.audit.get(out.audit_ids[0])
      expect(entry).toMatchObject({ zoneId: z.id, username: 'eb', outcome: 'success' })
    }
    expect((await search(NEW)).items.map((m) => m.zone_name)).toEqual(['example.com', 'shop-scale.io'])
    expect((await search(OLD)).total_count).toBe(0)
  })
})
