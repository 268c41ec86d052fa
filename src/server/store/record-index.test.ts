import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { RecordFields, RecordSearch } from './record-index'

/** The DNS record index (record-index.ts): substring search, filters, exact counts and coverage, on both backends. */
const { backends } = storeBackends('zk-record-index-')

const rec = (id: string, over: Partial<RecordFields> = {}): RecordFields => ({
  record_id: id,
  type: 'A',
  name: `${id}.example.com`,
  content: '192.0.2.10',
  proxied: 0,
  ttl: 1,
  comment: '',
  tags: '',
  ...over,
})
const zoneA = { zone_id: 'a'.repeat(32), zone_name: 'Example.com', account_id: 'acc1' }
const zoneB = { zone_id: 'b'.repeat(32), zone_name: 'other.net', account_id: 'acc1' }
const zoneC = { zone_id: 'c'.repeat(32), zone_name: 'never.org', account_id: 'acc2' }
const ALL = { text: '', field: 'any' as const, scope: '*' as const }

describe.each(backends)('the DNS record index on $name', ({ open, skip }) => {
  it.skipIf(skip)('forgetting the reads of an owner (a sandbox reset): rows read before go, rows seen after stay, every zone unread, counts exact, the other owner untouched', async () => {
    const store = await open()
    const idx = store.recordIndex
    await idx.replaceZone('sandbox', zoneA, [rec('a1'), rec('a2')], 10)
    await idx.upsertRecords('sandbox', zoneB, [rec('b1')], 40)
    await idx.replaceZone('live', zoneA, [rec('a1')], 10)
    await idx.forgetReads('sandbox', 30)
    expect((await idx.search('sandbox', ALL, 0, 50)).map((r) => r.record_id)).toEqual(['b1'])
    expect(await idx.zone('sandbox', zoneA.zone_id)).toMatchObject({ read_at: 0, record_count: 0 })
    expect(await idx.zone('sandbox', zoneB.zone_id)).toMatchObject({ read_at: 0, record_count: 1 })
    expect((await idx.coverage('sandbox', '*')).zones_indexed).toBe(0)
    expect(await idx.count('live', ALL)).toBe(1)
    expect(await idx.zone('live', zoneA.zone_id)).toMatchObject({ read_at: 10, record_count: 1 })
    await store.close()
  })

  it.skipIf(skip)('per-account grants: each account its own grant\u2019s zones, every other account the every-account grant\u2019s; coverage and zone lists per account', async () => {
    const store = await open()
    const idx = store.recordIndex
    await idx.replaceZone('live', zoneA, [rec('a1')], 10)
    await idx.replaceZone('live', zoneB, [rec('b1')], 20)
    await idx.putZones('live', [zoneC], 5)
    const zones = async (q: Pick<RecordSearch, 'scope' | 'accounts'>) => (await idx.search('live', { ...ALL, ...q }, 0, 50)).map((r) => r.zone_id).sort()
    // A grant in acc2 only: nothing of acc1 (zone C holds no record).
    expect(await zones({ scope: null, accounts: [{ account_id: 'acc2', zones: '*' }] })).toEqual([])
    expect(await idx.count('live', { ...ALL, scope: null, accounts: [{ account_id: 'acc2', zones: '*' }] })).toBe(0)
    // Its own grant in acc1 names one zone: that one, whatever the every-account grant says.
    expect(await zones({ scope: '*', accounts: [{ account_id: 'acc1', zones: ['other.net'] }] })).toEqual([zoneB.zone_id])
    // A term (on SQLite, the FTS5 paths with the narrow key): the same scope.
    const term = { text: '192.0.2', field: 'content' as const, scope: null, accounts: [{ account_id: 'acc1', zones: ['other.net'] }] }
    expect(await idx.count('live', term)).toBe(1)
    expect((await idx.page('live', term, 0, 50)).items.map((r) => r.zone_id)).toEqual([zoneB.zone_id])
    expect((await idx.search('live', term, 0, 50, 1)).map((r) => r.zone_id)).toEqual([zoneB.zone_id])
    // The every-account grant applies where no grant of its own replaces it.
    expect(await zones({ scope: ['example.com'], accounts: [{ account_id: 'acc2', zones: '*' }] })).toEqual([zoneA.zone_id])
    expect(
      await idx.coverageByAccount('live', [
        { account_id: 'acc1', zones: '*' },
        { account_id: 'acc2', zones: ['never.org', 'unknown.org'], named: true },
      ]),
    ).toEqual([
      { account_id: 'acc1', zones_in_scope: 2, zones_indexed: 2, zones_not_read: 0, oldest_read_at: 10 },
      { account_id: 'acc2', zones_in_scope: 2, zones_indexed: 0, zones_not_read: 2, oldest_read_at: null },
    ])
    // A whole zone list of acc2 that no longer names zone C drops it, and nothing of acc1.
    await idx.dropZonesNotListed('live', 30, 'acc2')
    expect(await idx.zone('live', zoneC.zone_id)).toBeUndefined()
    expect(await idx.zone('live', zoneA.zone_id)).toBeDefined()
    expect((await idx.accountsListedAt('live')).get('acc2')).toBe(30)
    expect(await idx.nextZones('live', 10, { accounts: ['acc2'] })).toEqual([])
    await store.close()
  })

  it.skipIf(skip)('finds substrings of content, name, comment and tag, filters by type and scope, counts exactly', async () => {
    const store = await open()
    const idx = store.recordIndex
    await idx.replaceZone(
      'live',
      zoneA,
      [
        rec('www'),
        rec('api', { content: '198.51.100.7', comment: 'Billing backend (ticket 42)' }),
        rec('mail', { type: 'MX', content: 'mx.provider.test', tags: 'team:mail\nowner:ops' }),
        rec('v6', { type: 'AAAA', content: '2001:db8::10' }),
      ],
      1_000,
    )
    await idx.replaceZone('live', zoneB, [rec('www', { name: 'www.other.net' }), rec('cdn', { type: 'CNAME', name: 'cdn.other.net', content: 'www.example.com' })], 2_000)
    await idx.putZones('live', [{ ...zoneC, modified_at: 5 }], 2_500)

    const search = (q: Partial<Parameters<typeof idx.count>[1]>) => ({ ...ALL, ...q })
    // Content: an IP, part of an IP; any case; a term shorter than three characters too.
    expect(await idx.count('live', search({ text: '192.0.2.10', field: 'content' }))).toBe(2)
    expect(await idx.count('live', search({ text: '2.1', field: 'content' }))).toBe(2)
    expect(await idx.count('live', search({ text: ':1', field: 'content' }))).toBe(1)
    expect(await idx.count('live', search({ text: 'MX.PROVIDER', field: 'content' }))).toBe(1)
    // Name, comment, tag; a field search does not look in the other fields.
    expect((await idx.search('live', search({ text: 'example.com', field: 'content' }), 0, 10)).map((r) => r.record_id)).toEqual(['cdn'])
    expect(await idx.count('live', search({ text: 'example.com', field: 'name' }))).toBe(4)
    expect(await idx.count('live', search({ text: 'example.com' }))).toBe(5)
    expect((await idx.search('live', search({ text: 'ticket 4', field: 'comment' }), 0, 10)).map((r) => r.record_id)).toEqual(['api'])
    expect((await idx.search('live', search({ text: 'owner:ops', field: 'tag' }), 0, 10)).map((r) => r.record_id)).toEqual(['mail'])
    expect(await idx.count('live', search({ text: 'owner:ops', field: 'name' }))).toBe(0)
    // LIKE's own characters are searched for as themselves.
    expect(await idx.count('live', search({ text: '%' }))).toBe(0)
    expect(await idx.count('live', search({ text: '_', field: 'name' }))).toBe(0)
    // Type filter, alone and with text.
    expect(await idx.count('live', search({ type: 'A' }))).toBe(3)
    expect(await idx.count('live', search({ type: 'A', text: 'other' }))).toBe(1)
    // Scope: only the zones named (lower case).
    expect(await idx.count('live', search({ text: '192.0.2.10', scope: ['other.net'] }))).toBe(1)
    expect(await idx.count('live', search({ scope: [] }))).toBe(0)
    // Pages, in zone then name order; the row says where and when it was read.
    const page = await idx.search('live', search({ text: '192.0.2.10' }), 0, 1)
    expect(page).toEqual([expect.objectContaining({ zone_name: 'example.com', zone_id: zoneA.zone_id, account_id: 'acc1', name: 'www.example.com', read_at: 1_000 })])
    expect((await idx.search('live', search({ text: '192.0.2.10' }), 1, 5)).map((r) => r.zone_name)).toEqual(['other.net'])
    // Another owner's rows are apart.
    expect(await idx.count('sandbox', search({}))).toBe(0)

    // Coverage: 3 zones known, 2 read whole, the oldest read at 1,000.
    expect(await idx.coverage('live', '*')).toEqual({ zones_in_scope: 3, zones_indexed: 2, zones_not_read: 1, oldest_read_at: 1_000, zones_listed_at: null })
    expect(await idx.coverage('live', ['other.net', 'never.org', 'unknown.io'])).toEqual({ zones_in_scope: 3, zones_indexed: 1, zones_not_read: 2, oldest_read_at: 2_000, zones_listed_at: null })
    expect((await idx.zone('live', zoneA.zone_id))?.record_count).toBe(4)
    await store.close()
  })

  it.skipIf(skip)('a term matched by many records: pages read in order (with the count given) are the same as sorted ones', async () => {
    const store = await open()
    const idx = store.recordIndex
    // 3 zones × 60 records, every third tagged; names out of insertion order so an id order would differ.
    for (const [z, zone] of [zoneB, zoneA, zoneC].entries()) {
      const records = Array.from({ length: 60 }, (_, i) =>
        rec(`r${z}-${i}`, { name: `h${(i * 37) % 60}.${zone.zone_name.toLowerCase()}`, type: i % 2 ? 'A' : 'CNAME', tags: i % 3 ? 'env:staging' : 'env:production\nteam:web' }),
      )
      await idx.replaceZone('live', zone, records, 1_000 + z)
    }
    await idx.replaceZone('sandbox', zoneA, [rec('s1', { tags: 'env:production' })], 1_000)
    const queries: RecordSearch[] = [
      { ...ALL, text: 'env:production', field: 'tag' as const },
      { ...ALL, text: 'env:production', field: 'tag' as const, type: 'A' },
      { ...ALL, text: 'env:prod', scope: ['example.com', 'never.org'] },
    ]
    for (const q of queries) {
      const total = await idx.count('live', q)
      expect(total).toBe(q.type ? 30 : q.scope !== '*' ? 40 : 60)
      for (const [offset, limit] of [[0, 7], [5, 20], [25, 50], [55, 10]]) {
        const sorted = await idx.search('live', q, offset, limit)
        expect(sorted.length).toBe(Math.max(0, Math.min(limit, total - offset)))
        expect(await idx.search('live', q, offset, limit, total)).toEqual(sorted)
        // The route's count and page in one (matches read once when few).
        expect(await idx.page('live', q, offset, limit)).toEqual({ total, items: sorted })
      }
    }
    await store.close()
  })

  it.skipIf(skip)('a whole re-read drops records gone from the zone; pages and writes upsert; deletes remove', async () => {
    const store = await open()
    const idx = store.recordIndex
    await idx.replaceZone('live', zoneA, [rec('www'), rec('old', { content: '203.0.113.5' })], 1_000)
    await idx.replaceZone('live', zoneA, [rec('www', { content: '203.0.113.9' })], 3_000)
    expect(await idx.count('live', { ...ALL, text: '203.0.113.5' })).toBe(0)
    expect(await idx.count('live', { ...ALL, text: '203.0.113.9' })).toBe(1)
    expect(await idx.count('live', { ...ALL, text: '192.0.2.10' })).toBe(0)
    expect(await idx.zone('live', zoneA.zone_id)).toMatchObject({ read_at: 3_000, record_count: 1 })
    // A page seen: added, the zone's whole read time kept.
    await idx.upsertRecords('live', zoneA, [rec('new', { content: '203.0.113.77' })], 4_000)
    expect(await idx.zone('live', zoneA.zone_id)).toMatchObject({ read_at: 3_000, record_count: 2 })
    await idx.removeRecords('live', zoneA.zone_id, ['new'])
    expect(await idx.count('live', { ...ALL, text: '203.0.113.77' })).toBe(0)
    expect((await idx.zone('live', zoneA.zone_id))?.record_count).toBe(1)
    // A zone no longer listed goes with its records.
    await idx.putZones('live', [zoneB], 5_000)
    await idx.dropZonesNotListed('live', 5_000)
    expect(await idx.count('live', ALL)).toBe(0)
    expect(await idx.coverage('live', '*')).toMatchObject({ zones_in_scope: 1, zones_indexed: 0, zones_listed_at: null })
    await store.close()
  })

  it.skipIf(skip)('each owner\u2019s rows are its own: a whole re-read, a removal or a zone list of one owner leaves the other\u2019s copy of the same zone', async () => {
    const store = await open()
    const idx = store.recordIndex
    await idx.replaceZone('live', zoneA, [rec('www'), rec('api')], 1_000)
    await idx.replaceZone('sandbox', zoneA, [rec('www'), rec('sbx')], 1_000)
    await idx.replaceZone('live', zoneA, [rec('www')], 2_000)
    await idx.removeRecords('live', zoneA.zone_id, ['www'])
    await idx.putZones('live', [zoneB], 3_000)
    await idx.dropZonesNotListed('live', 3_000)
    expect(await idx.count('live', ALL)).toBe(0)
    expect((await idx.search('sandbox', ALL, 0, 10)).map((r) => r.record_id).sort()).toEqual(['sbx', 'www'])
    expect(await idx.zone('sandbox', zoneA.zone_id)).toMatchObject({ read_at: 1_000, record_count: 2 })
    await store.close()
  })

  it.skipIf(skip)('reads zones never read first, then those modified since their read; one reader holds the lease', async () => {
    const store = await open()
    const idx = store.recordIndex
    await idx.putZones('live', [{ ...zoneA, modified_at: 10 }, { ...zoneB, modified_at: 50 }, { ...zoneC, modified_at: 20 }], 1)
    expect((await idx.nextZones('live', 3)).map((z) => z.zone_name)).toEqual(['other.net', 'never.org', 'example.com'])
    await idx.replaceZone('live', zoneB, [], 100)
    await idx.replaceZone('live', zoneC, [], 200)
    await idx.putZones('live', [{ ...zoneC, modified_at: 300 }], 2)
    expect((await idx.nextZones('live', 3)).map((z) => z.zone_name)).toEqual(['example.com', 'never.org', 'other.net'])
    // A zone read whole and not modified since waits until its read is old enough (the reader's rereadAfterMs).
    expect((await idx.nextZones('live', 3, { readBefore: 99 })).map((z) => z.zone_name)).toEqual(['example.com', 'never.org'])
    expect((await idx.nextZones('live', 3, { readBefore: 100 })).map((z) => z.zone_name)).toEqual(['example.com', 'never.org', 'other.net'])
    const takes = await Promise.all(['r1', 'r2'].map((h) => idx.lease.claim('live', h, 30_000)))
    expect(takes.filter(Boolean)).toHaveLength(1)
    await store.close()
  })
})
