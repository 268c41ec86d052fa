import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import type { Emulator } from '../emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import type { RecordSearchReply } from '../../shared/search/record-search'

/**
 * The search across zones at the dashboard's door: fresh at once after the dashboard's own writes,
 * fed by people's reads, filled by the background reader, and within the person's zone scope.
 */
const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
let admin = ''
let scoped = ''
const demo = SEED_ZONES.demo
const shop = SEED_ZONES.scripts

beforeAll(async () => {
  emulator = memoryEmulator()
  app = createApp({ config: testConfig(), emulator, store, search: { paceMs: 0 } })
  const ad = await addPerson(store, 'ad', 'admin')
  const ed = await addPerson(store, 'ed', 'editor', ['example.com'])
  admin = await sessionCookie(app, 'ad', ad.password)
  // The reader's zone list names the zones: keeping the index fresh never calls the API to learn one.
  await store.recordIndex.putZones('sandbox', [demo, shop].map((z) => ({ zone_id: z.id, zone_name: z.name, account_id: DEMO_ACCOUNT.id })), Date.now())
  scoped = await sessionCookie(app, 'ed', ed.password)
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  emulator.close()
  await store.close()
})

const search = async (cookie: string, query: string) => {
  const res = await app.request(`/api/local/search/records?${query}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: RecordSearchReply }).result
}
const write = (cookie: string, method: string, path: string, body?: unknown) =>
  app.request(`/api/v4${path}`, {
    method,
    headers: { cookie, 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe('search across zones', () => {
  it('a person\'s listing of a zone\'s records indexes it (a whole listing marks it read)', async () => {
    expect((await search(admin, 'q=')).coverage.zones_indexed).toBe(0)
    const res = await app.request(`/api/v4/zones/${demo.id}/dns_records?per_page=5000`, { headers: { cookie: admin } })
    expect(res.status).toBe(200)
    const listed = (await res.json()) as { result: unknown[] }
    await searchOf(app).settled()
    const all = await search(admin, 'q=')
    expect(all.total_count).toBe(listed.result.length)
    expect(all.coverage).toMatchObject({ zones_indexed: 1 })
  })

  it('a record created through the door is found at once; deleted, it is gone', async () => {
    const created = await write(admin, 'POST', `/zones/${demo.id}/dns_records`, { type: 'A', name: 'search-probe', content: '203.0.113.201', ttl: 1, comment: 'probe for search' })
    expect(created.status).toBe(200)
    const id = ((await created.json()) as { result: { id: string } }).result.id
    const found = await search(admin, 'q=203.0.113.201&field=content')
    expect(found.total_count).toBe(1)
    expect(found.items[0]).toMatchObject({ id, zone_id: demo.id, zone_name: 'example.com', name: 'search-probe.example.com', type: 'A', comment: 'probe for search' })
    const edited = await write(admin, 'PATCH', `/zones/${demo.id}/dns_records/${id}`, { content: '203.0.113.202' })
    expect(edited.status).toBe(200)
    expect((await search(admin, 'q=203.0.113.201')).total_count).toBe(0)
    expect((await search(admin, 'q=203.0.113.202')).total_count).toBe(1)
    expect((await write(admin, 'DELETE', `/zones/${demo.id}/dns_records/${id}`)).status).toBe(200)
    expect((await search(admin, 'q=203.0.113.202')).total_count).toBe(0)
  })

  it('a person limited to some zones gets matches, counts and coverage of those zones only', async () => {
    for (const zone of [demo, shop]) {
      const res = await write(admin, 'POST', `/zones/${zone.id}/dns_records`, { type: 'A', name: 'scope-probe', content: '198.51.100.250', ttl: 1 })
      expect(res.status).toBe(200)
    }
    const everyone = await search(admin, 'q=198.51.100.250')
    expect(everyone.total_count).toBe(2)
    const mine = await search(scoped, 'q=198.51.100.250')
    expect(mine.total_count).toBe(1)
    expect(mine.items.map((m) => m.zone_name)).toEqual(['example.com'])
    // Every record, unfiltered: still only their zone's, and the coverage counts their one zone.
    const all = await search(scoped, 'q=')
    expect(new Set(all.items.map((m) => m.zone_name))).toEqual(new Set(['example.com']))
    expect(all.coverage.zones_in_scope).toBe(1)
    // The CSV too.
    const csv = await (await app.request('/api/local/search/records?q=198.51.100.250&format=csv', { headers: { cookie: scoped } })).text()
    expect(csv).not.toContain('shop-scale.io')
    expect(csv).toContain('example.com')
  })

  it('the CSV states its coverage first and neutralises formulas', async () => {
    const res = await write(admin, 'POST', `/zones/${demo.id}/dns_records`, { type: 'TXT', name: 'csv-probe', content: '"=HYPERLINK(1)"', ttl: 1, comment: '=cmd()' })
    expect(res.status).toBe(200)
    const csv = await (await app.request('/api/local/search/records?q=csv-probe&format=csv', { headers: { cookie: admin } })).text()
    const lines = csv.split('\r\n')
    // The sandbox reaches several accounts: the coverage is said per account (a quoted cell: it holds commas).
    expect(lines[0]).toMatch(/^"?# Searched .*\d+ of \d+ zones?.*1 matching records\."?$/)
    expect(lines[1]).toBe('zone_name,zone_id,account_id,id,type,name,content,proxied,ttl,comment,tags,read_at,account_name')
    expect(lines[2]).toContain(",'=cmd()")
  })

  it('refuses a bad query with a message naming the field, never a 500', async () => {
    const res = await app.request('/api/local/search/records?field=everything', { headers: { cookie: admin } })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('field must be one of')
  })

  it('the background reader fills in every zone from the API', async () => {
    const round = await searchOf(app).reader.round()
    expect(round.led).toBe(true)
    const all = await search(admin, 'q=')
    expect(all.coverage.zones_not_read).toBe(0)
    expect(all.coverage.zones_indexed).toBe(all.coverage.zones_in_scope)
    expect(all.coverage.zones_in_scope).toBeGreaterThanOrEqual(5)
    // The 10,000-record zone is searchable whole.
    expect((await search(admin, `q=bigcorp-records.com&field=name`)).total_count).toBeGreaterThanOrEqual(10_000)
  })

})

describe('a sandbox reset', () => {
  it('forgets what the index read before it: no record of before is found, and every zone is "not read yet"', async () => {
    // The demo data without its scale-test zones: a reset of those would take seconds.
    const small = memoryEmulator({ scaleZones: false })
    const own = createStore({ dataDir: ':memory:' })
    const a = createApp({ config: testConfig(), emulator: small, store: own, search: { paceMs: 0 } })
    try {
      const p = await addPerson(own, 'ad', 'admin')
      const cookie = await sessionCookie(a, 'ad', p.password)
      await own.recordIndex.putZones('sandbox', [{ zone_id: demo.id, zone_name: demo.name, account_id: DEMO_ACCOUNT.id }], Date.now())
      const headers = { cookie, 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
      const created = await a.request(`/api/v4/zones/${demo.id}/dns_records`, { method: 'POST', headers, body: JSON.stringify({ type: 'A', name: 'before-reset', content: '203.0.113.231', ttl: 1 }) })
      expect(created.status).toBe(200)
      const find = async () => ((await (await a.request('/api/local/search/records?q=203.0.113.231', { headers: { cookie } })).json()) as { result: RecordSearchReply }).result
      expect((await find()).total_count).toBe(1)
      expect((await a.request('/api/sandbox/reset', { method: 'POST', headers })).status).toBe(200)
      const after = await find()
      expect(after.total_count).toBe(0)
      expect(after.coverage.zones_indexed).toBe(0)
      expect(after.coverage.zones_not_read).toBe(after.coverage.zones_in_scope)
    } finally {
      await searchOf(a).reader.stop()
      small.close()
      await own.close()
    }
  })
})
