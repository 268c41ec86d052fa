import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { Store } from '.'

const { backends } = storeBackends('zk-practice-store-')

/** Migrations 0011 (the practice switch per session) and 0012 (checklist progress) on both databases. */
describe.each(backends)('practice and the checklist on $name', ({ skip, open }) => {
  let store: Store
  let t = 1_000
  beforeAll(async () => {
    if (skip) return
    store = await open(() => t)
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('keeps the practice switch per session', async () => {
    const p = (await store.people.add({ username: 'pia', displayName: 'Pia', role: 'viewer', zones: '*', passwordHash: null }))!
    const a = await store.sessions.create(p.id, '192.0.2.1', 'A')
    const b = await store.sessions.create(p.id, '192.0.2.1', 'B')
    expect((await store.sessions.resolve(a.token))?.practice).toBe(false)
    expect(await store.sessions.setPractice(p.id, a.handle, true)).toBe(true)
    expect((await store.sessions.resolve(a.token))?.practice).toBe(true)
    expect((await store.sessions.resolve(b.token))?.practice).toBe(false)
    expect(await store.sessions.setPractice('someone-else', b.handle, true)).toBe(false)
    expect((await store.sessions.list(p.id)).map((s) => s.practice).sort()).toEqual([false, true])
  })

  it.skipIf(skip)('marks each task once, per person, and can start again', async () => {
    await store.checklist.mark('p1', 'add-record')
    t = 2_000
    await store.checklist.mark('p1', 'add-record')
    await store.checklist.mark('p1', 'find-records')
    await store.checklist.mark('local', 'undo-change')
    expect(Object.fromEntries(await store.checklist.done('p1'))).toEqual({ 'add-record': 1_000, 'find-records': 2_000 })
    expect([...(await store.checklist.done('local')).keys()]).toEqual(['undo-change'])
    await store.checklist.clear('p1')
    expect((await store.checklist.done('p1')).size).toBe(0)
    expect((await store.checklist.done('local')).size).toBe(1)
  })

  it.skipIf(skip)('keeps practice audit entries apart: each person sees their own, live views none', async () => {
    const base = {
      at: 1,
      requestId: 'r',
      username: 'u',
      personName: 'U',
      zoneId: null,
      zoneName: null,
      area: 'dns',
      resourceType: 'dns_record',
      resourceId: null,
      action: 'create',
      method: 'POST',
      path: '/x',
      outcome: 'success' as const,
      status: 200,
      errors: [],
      before: null,
      after: null,
      undoOf: null,
    }
    await store.audit.add({ ...base, personId: 'p1', mode: 'practice' })
    await store.audit.add({ ...base, personId: 'p2', mode: 'practice' })
    await store.audit.add({ ...base, personId: null, mode: 'practice' })
    await store.audit.add({ ...base, personId: 'p1', mode: 'live' })
    const modes = async (practice: false | { personId: string | null }) =>
      (await store.audit.list({ practice })).entries.map((e) => `${e.mode}:${e.personId}`)
    expect(await modes(false)).toEqual(['live:p1'])
    expect(await modes({ personId: 'p1' })).toEqual(['practice:p1'])
    expect(await modes({ personId: null })).toEqual(['practice:null'])
  })

  it.skipIf(skip)('deletes only a practice ledger', async () => {
    const review = (zone: string) => ({
      zone_id: zone,
      script_id: 's'.repeat(32),
      verdict: 'expected',
      note: 'n',
      reviewer: 'Pia',
      reviewer_id: null,
      reviewed_at: 'now',
      script_url: 'https://x.test/a.js',
      script_host: 'x.test',
      script_hash: null,
      js_integrity_score: null,
      malware_score: null,
      magecart_score: null,
      cryptomining_score: null,
    })
    await store.reviews.add(review('z'.repeat(32)))
    await store.reviews.add(review(`practice:p1:${'z'.repeat(32)}`))
    await store.reviews.add(review(`practice:p2:${'z'.repeat(32)}`))
    await store.reviews.deletePractice('practice:p1:')
    expect(await store.reviews.all(`practice:p1:${'z'.repeat(32)}`)).toEqual([])
    expect(await store.reviews.all(`practice:p2:${'z'.repeat(32)}`)).toHaveLength(1)
    expect(await store.reviews.all('z'.repeat(32))).toHaveLength(1)
    await expect(store.reviews.deletePractice('z')).rejects.toThrow()
  })
})
