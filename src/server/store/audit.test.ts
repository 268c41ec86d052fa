import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { NewAuditEntry, Store } from '.'

const { backends } = storeBackends('zk-audit-store-')

const entry = (over: Partial<NewAuditEntry>): NewAuditEntry => ({
  at: 1_000, requestId: 'r', personId: 'p-ada', username: 'ada', personName: 'Ada', mode: 'sandbox', zoneId: 'z1', zoneName: 'example.com',
  area: 'dns', resourceType: 'dns_record', resourceId: 'rec1', action: 'update', method: 'PATCH', path: '/zones/z1/dns_records/rec1',
  outcome: 'success', status: 200, errors: [], before: { content: 'a' }, after: { content: 'b' }, undoOf: null, ...over,
})

describe.each(backends)('the audit log on $name', ({ skip, open }) => {
  let store: Store
  beforeAll(async () => {
    if (skip) return
    store = await open()
    await store.audit.add(entry({}))
    await store.audit.add(entry({ at: 2_000, username: 'bob', personId: 'p-bob', personName: 'Bob', zoneId: 'z2', zoneName: 'other.org', outcome: 'failure', status: 400, errors: [{ code: 1004, message: 'bad' }], after: null }))
    await store.audit.add(entry({ at: 3_000, action: 'batch', resourceType: 'dns_records', resourceId: null, restorePoint: 'example.com. 3600 IN SOA ...' }))
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('keeps entries with their JSON and filters them, newest first', async () => {
    const all = await store.audit.list({})
    expect(all.total).toBe(3)
    expect(all.entries.map((e) => e.at)).toEqual([3000, 2000, 1000])
    expect(all.entries[2]).toMatchObject({ before: { content: 'a' }, after: { content: 'b' }, errors: [], hasRestorePoint: false })
    expect(all.entries[0].hasRestorePoint).toBe(true)
    expect((await store.audit.list({ person: 'BOB' })).entries.map((e) => e.errors)).toEqual([[{ code: 1004, message: 'bad' }]])
    expect((await store.audit.list({ outcome: 'success', from: 1500 })).total).toBe(1)
    expect((await store.audit.list({ zone: 'other.org' })).total).toBe(1)
    expect((await store.audit.list({ resource: { zoneId: 'z1', type: 'dns_record', id: 'rec1' } })).total).toBe(1)
    await store.audit.add(entry({ at: 4_000, action: 'batch', resourceType: 'dns_records', resourceId: null, before: { records: [{ id: 'rec1' }] }, after: { deletes: [{ id: 'rec1' }] } }))
    // A record's history includes the bulk change that touched it.
    expect((await store.audit.list({ resource: { zoneId: 'z1', type: 'dns_record', id: 'rec1' } })).entries.map((e) => e.action)).toEqual(['batch', 'update'])
  })

  it.skipIf(skip)('limits people who are not administrators to their zones and their own entries', async () => {
    // Their scope as it is now: Ada's own entries of example.com are out of it; her own entry without a zone is hers.
    expect((await store.audit.list({ scope: { zones: ['other.org'], personId: 'p-ada' } })).total).toBe(1)
    await store.audit.add(entry({ at: 5_000, zoneId: null, zoneName: null, area: 'people', resourceType: 'me', resourceId: null }))
    expect((await store.audit.list({ scope: { zones: ['other.org'], personId: 'p-ada' } })).total).toBe(2)
    expect((await store.audit.list({ scope: { zones: ['other.org', 'example.com'], personId: 'p-ada' } })).total).toBe(5)
    expect((await store.audit.list({ scope: { zones: ['other.org'], personId: 'p-nobody' } })).total).toBe(1)
    expect((await store.audit.list({ scope: { zones: [], personId: null } })).total).toBe(0)
  })

  it.skipIf(skip)('serves the restore point and prunes by age only', async () => {
    const kept = (await store.audit.list({})).entries.find((e) => e.hasRestorePoint)!
    expect(await store.audit.restorePoint(kept.id)).toContain('SOA')
    expect(await store.audit.prune(1_500)).toBe(1)
    expect((await store.audit.list({})).total).toBe(4)
  })
})
