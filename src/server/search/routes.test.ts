import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import { createStore, type RecordFields } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'

/**
 * The search route's own rules, on an index the test fills (no reader, no API): the CSV holds every
 * match, past any batch the route reads in, and what it says it covered is the person's scope.
 */
const store = createStore({ dataDir: ':memory:' })
const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
let admin = ''
let scoped = ''
const big = { zone_id: 'a'.repeat(32), zone_name: 'big.example', account_id: 'acc' }
const small = { zone_id: 'b'.repeat(32), zone_name: 'small.example', account_id: 'acc' }
const unread = { zone_id: 'c'.repeat(32), zone_name: 'unread.example', account_id: 'acc' }
const ROWS = 2_345
const rec = (i: number, zone: string): RecordFields => ({ record_id: `r${i}`, type: 'A', name: `host-${i}.${zone}`, content: '192.0.2.55', proxied: 0, ttl: 1, comment: '', tags: '' })

beforeAll(async () => {
  const at = Date.parse('2026-11-01T12:00:00Z')
  await store.recordIndex.putZones('sandbox', [big, small, unread], at)
  await store.recordIndex.replaceZone('sandbox', big, Array.from({ length: ROWS }, (_, i) => rec(i, big.zone_name)), at)
  await store.recordIndex.replaceZone('sandbox', small, [rec(0, small.zone_name)], at)
  admin = await sessionCookie(app, 'ad', (await addPerson(store, 'ad', 'admin')).password)
  scoped = await sessionCookie(app, 'ed', (await addPerson(store, 'ed', 'editor', ['small.example'])).password)
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  await store.close()
})

const csv = async (cookie: string, query: string) => {
  const res = await app.request(`/api/local/search/records?${query}&format=csv`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return { rows: res.headers.get('x-zonekeeper-rows'), lines: (await res.text()).split('\r\n').filter(Boolean) }
}

describe('GET /api/local/search/records', () => {
  it('the CSV holds every match, however many (not a page, not one batch)', async () => {
    const { rows, lines } = await csv(admin, 'q=192.0.2.55&field=content')
    expect(rows).toBe(String(ROWS + 1))
    // The coverage line, the header, then one line per match.
    expect(lines).toHaveLength(ROWS + 1 + 2)
    expect(new Set(lines.slice(2).map((l) => l.split(',')[3])).size).toBe(ROWS)
  })

  it('the CSV and the page state the coverage of the person\u2019s own zones, not of every zone', async () => {
    expect((await csv(admin, 'q=')).lines[0]).toMatch(/^"?# Searched 2 of 3 zones; 1 not read yet/)
    const mine = await csv(scoped, 'q=')
    expect(mine.lines[0]).toMatch(/^"?# Searched 1 of 1 zone \(oldest read .*\)\. 1 matching records\."?$/)
    expect(mine.lines.slice(2).every((l) => l.startsWith('small.example,'))).toBe(true)
    const page = await app.request('/api/local/search/records?q=', { headers: { cookie: scoped } })
    expect(((await page.json()) as { result: { total_count: number; coverage: unknown } }).result).toMatchObject({ total_count: 1, coverage: { zones_in_scope: 1, zones_indexed: 1, zones_not_read: 0 } })
  })
})
