import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ScriptIndexQuery, Store } from '.'
import { storeBackends } from '../../testing/store-backends'

/**
 * Pattern verdicts in the store: what a script inherits is a ledger row of its own, counted as a
 * review while the pattern is in force and the script is as it was; an expired or removed pattern
 * grants nothing, and a script whose code changes is "changed since review" and stays so.
 */
const START = Date.parse('2026-05-01T10:00:00Z')
let clock = START
let store: Store
const { backends } = storeBackends('zk-page-patterns-')

const OWNER = 'sandbox:zone-a'
const KEY = 'zone-a'
const Q: ScriptIndexQuery = { statuses: [], orderBy: 'first_seen_at', direction: 'asc' }
const row = (id: string, url: string, hash: string, score = 80, pages = 'shop.test/checkout/step-1') => ({
  owner: OWNER,
  script_id: id.padEnd(32, '0'),
  url,
  host: new URL(url).host,
  status: 'active',
  hash,
  js_integrity_score: score,
  reported: 0,
  first_seen_at: '2026-04-01T00:00:00Z',
  last_seen_at: '2026-04-30T00:00:00Z',
  page_urls: pages,
  data: JSON.stringify({ id: id.padEnd(32, '0'), url, host: new URL(url).host, malware_score: 90 }),
  sweep: 1,
  checked_at: clock,
})
const counts = () => store.scriptIndex.counts(OWNER, KEY, Q)
const recorded = <T>(a: { ok: true; row: T } | { ok: false }): T => {
  if (!a.ok) throw new Error('expected the add to be recorded')
  return a.row
}
const addPattern = (p: string, expires: number | null = null) =>
  store.pagePatterns.patterns.add({
    zone_id: KEY,
    pattern: p,
    verdict: 'expected',
    justification: 'Stripe Elements, the card form',
    created_by: 'Rita (rita)',
    created_by_id: 'p-rita',
    created_at: clock,
    expires_at: expires,
  })
const pattern = async (p: string, expires: number | null = null) => recorded(await addPattern(p, expires))
const page = (zone: string, p: string) =>
  store.pagePatterns.paymentPages.add({ zone_id: zone, pattern: p, created_by: 'Rita (rita)', created_by_id: null, created_at: clock })

describe.each(backends)('pattern verdicts in the store ($name)', ({ skip, open }) => {
  beforeAll(async () => {
    if (skip) return
    clock = START
    store = await open(() => clock)
  })
  afterAll(() => (skip ? undefined : store.close()))
  if (skip) return it.skip('needs PostgreSQL')

  it('grants present scripts it matches (not malicious, not evil look-alikes), counted as reviewed by pattern', async () => {
    await store.scriptIndex.upsert([
      row('a1', 'https://js.stripe.com/v3/a.js', 'h-a1'),
      row('a2', 'https://js.stripe.com/v3/b.js', 'h-a2'),
      row('a3', 'https://js.stripe.com/v3/bad.js', 'h-a3', 5),
      row('a4', 'https://evil.test/js.stripe.com/v3/c.js', 'h-a4'),
      row('a5', 'https://cdn.other.test/x.js', 'h-a5', 80, 'shop.test/p/sku-1'),
    ])
    const p = await pattern('https://js.stripe.com/*')
    expect(await store.pagePatterns.grant(OWNER, KEY, { only: p.id, present: true })).toBe(2)
    expect(await counts()).toMatchObject({ total: 5, reviewed: 2, by_pattern: 2, new: 3, changed: 0 })
    const latest = await store.reviews.latest(KEY)
    expect(latest.map((r) => [r.script_id.slice(0, 2), r.pattern, r.reviewer, r.note])).toEqual(
      expect.arrayContaining([['a1', 'https://js.stripe.com/*', 'Rita (rita)', 'Stripe Elements, the card form']]),
    )
    expect((await store.pagePatterns.patterns.holding(OWNER, KEY)).get(p.id)).toBe(2)
  })

  it('a script whose hash changes loses the inherited verdict, and no refresh grants it again', async () => {
    await store.scriptIndex.upsert([row('a1', 'https://js.stripe.com/v3/a.js', 'h-a1-NEW')])
    expect(await counts()).toMatchObject({ reviewed: 1, by_pattern: 1, changed: 1 })
    expect(await store.pagePatterns.grant(OWNER, KEY)).toBe(0)
    expect(await counts()).toMatchObject({ reviewed: 1, by_pattern: 1, changed: 1 })
  })

  it('a script seen later inherits the verdict at the next refresh', async () => {
    await store.scriptIndex.upsert([row('a6', 'https://js.stripe.com/v3/later.js', 'h-a6')])
    expect(await store.pagePatterns.grant(OWNER, KEY)).toBe(1)
    expect(await counts()).toMatchObject({ reviewed: 2, by_pattern: 2 })
  })

  it('an expired pattern grants nothing: its scripts are never reviewed again, and later ones do not inherit it', async () => {
    const p = await pattern('cdn.other.test', clock + 3_600_000)
    expect(await store.pagePatterns.grant(OWNER, KEY, { only: p.id, present: true })).toBe(1)
    expect(await counts()).toMatchObject({ reviewed: 3, by_pattern: 3 })
    const mark = await store.pagePatterns.patterns.mark(KEY)
    clock += 2 * 3_600_000
    expect(await store.pagePatterns.patterns.mark(KEY)).not.toBe(mark)
    expect(await counts()).toMatchObject({ reviewed: 2, by_pattern: 2 })
    expect((await store.reviews.latest(KEY)).some((r) => r.pattern_id === p.id)).toBe(false)
    await store.scriptIndex.upsert([row('a7', 'https://cdn.other.test/y.js', 'h-a7')])
    expect(await store.pagePatterns.grant(OWNER, KEY)).toBe(0)
  })

  it('a removed pattern stops granting: its scripts need review again', async () => {
    const [p] = (await store.pagePatterns.patterns.list(KEY)).filter((x) => x.pattern === 'https://js.stripe.com/*')
    expect(await store.pagePatterns.patterns.remove(KEY, p.id, 'Ann (ann)', clock)).toBe(true)
    expect(await store.pagePatterns.patterns.remove(KEY, p.id, 'Ann (ann)', clock)).toBe(false)
    expect(await counts()).toMatchObject({ reviewed: 0, by_pattern: 0 })
  })

  it('keeps payment pages per zone, removed ones out of the list', async () => {
    const a = recorded(await page(KEY, 'shop.test/checkout/*'))
    recorded(await page('zone-b', 'b.test/pay/*'))
    expect((await store.pagePatterns.paymentPages.list(KEY)).map((p) => p.pattern)).toEqual(['shop.test/checkout/*'])
    expect(await store.pagePatterns.paymentPages.remove(KEY, a.id, 'Ann (ann)', clock)).toBe(true)
    expect(await store.pagePatterns.paymentPages.list(KEY)).toEqual([])
  })
  it("removes a zone's own rows only: an id of another zone, named through this zone, is refused and stays in force", async () => {
    const other = recorded(await store.pagePatterns.patterns.add({ zone_id: 'zone-b', pattern: 'https://cdn.zone-b.test/*', verdict: 'expected', justification: 'Zone B\'s CDN', created_by: 'Rita (rita)', created_by_id: 'p-rita', created_at: clock, expires_at: null }))
    expect(await store.pagePatterns.patterns.remove(KEY, other.id, 'Ann (ann)', clock)).toBe(false)
    expect((await store.pagePatterns.patterns.list('zone-b')).find((p) => p.id === other.id)).toMatchObject({ removed_at: null, removed_by: null })
    const otherPage = recorded(await page('zone-b', 'b.test/checkout/*'))
    expect(await store.pagePatterns.paymentPages.remove(KEY, otherPage.id, 'Ann (ann)', clock)).toBe(false)
    expect((await store.pagePatterns.paymentPages.list('zone-b')).map((p) => p.id)).toContain(otherPage.id)
  })

  it('of two adds of the same payment page at once, one is recorded and the other told conflict', async () => {
    const both = await Promise.all([page(KEY, 'shop.test/pay/*'), page(KEY, 'shop.test/pay/*')])
    expect(both.filter((a) => a.ok)).toHaveLength(1)
    expect(both.filter((a) => !a.ok)).toEqual([{ ok: false, conflict: true }])
    expect((await store.pagePatterns.paymentPages.list(KEY)).filter((p) => p.pattern === 'shop.test/pay/*')).toHaveLength(1)
    // Another zone, or the same pattern after it was removed, is a new record.
    expect((await page('zone-b', 'shop.test/pay/*')).ok).toBe(true)
    const [kept] = both.flatMap((a) => (a.ok ? [a.row] : []))
    expect(await store.pagePatterns.paymentPages.remove(KEY, kept.id, 'Ann (ann)', clock)).toBe(true)
    expect((await page(KEY, 'shop.test/pay/*')).ok).toBe(true)
  })

  it('of two adds of the same pattern verdict at once, one is recorded and the other told conflict', async () => {
    const both = await Promise.all([addPattern('https://cdn.same.test/*'), addPattern('https://cdn.same.test/*')])
    expect(both.filter((a) => a.ok)).toHaveLength(1)
    expect(both.filter((a) => !a.ok)).toEqual([{ ok: false, conflict: true }])
    expect((await store.pagePatterns.patterns.list(KEY)).filter((p) => p.pattern === 'https://cdn.same.test/*')).toHaveLength(1)
  })

  it('a pattern verdict that expired may be set again: the expired one is marked removed by the new one', async () => {
    const old = await pattern('https://cdn.again.test/*', clock + 1000)
    expect((await addPattern('https://cdn.again.test/*')).ok).toBe(false)
    clock += 2000
    const again = await pattern('https://cdn.again.test/*')
    const rows = (await store.pagePatterns.patterns.list(KEY)).filter((p) => p.pattern === 'https://cdn.again.test/*')
    expect(rows.map((r) => [r.id, r.removed_at, r.removed_by])).toEqual([
      [again.id, null, null],
      [old.id, clock, 'Rita (rita)'],
    ])
  })
})
