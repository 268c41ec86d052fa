import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { pageMatches, parsePagePattern } from '../../shared/page-shield/patterns'

/**
 * Payment pages and pattern verdicts at the server's door, on the seeded sandbox: only reviewers
 * (and administrators) record them, whatever the page shows; a bad pattern is a 400 at its field;
 * what scripts inherit is counted, shown with its pattern and author, and lost when their code changes.
 */
const ZONE = SEED_ZONES.demo.id
const dir = mkdtempSync(join(tmpdir(), 'zk-page-patterns-'))
const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: dir })
const app = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0 } })
const cookies: Record<string, string> = {}
const BASE = `/api/local/zones/${ZONE}/page-shield`

const call = (as: string, method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { cookie: cookies[as], 'x-zonekeeper-request': '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
type Item = { id: string; url: string; host: string; hash: string | null; js_integrity_score: number | null; first_page_url?: string }
type Counts = { total: number; new: number; changed: number; reviewed: number; investigating: number; malicious: number; by_pattern: number }
const index = async (query = '') => {
  const r = await call('vic', 'GET', `${BASE}/script-index?status=active,infrequent,inactive&per_page=100${query}`)
  expect(r.status).toBe(200)
  return ((await r.json()) as { result: { items: Item[]; counts: Counts; payment: { patterns: string[]; of?: number } } }).result
}

beforeAll(async () => {
  for (const [name, role] of [['ann', 'admin'], ['rita', 'reviewer'], ['vic', 'viewer']] as const) {
    const { password } = await addPerson(store, name, role)
    cookies[name] = await sessionCookie(app, name, password)
  }
})
afterAll(async () => {
  await watchOf(app).stop()
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('pattern verdicts and payment pages at the door', () => {
  const items: Item[] = []
  let host = ''
  let matched: Item[] = []

  it('refuses a viewer at the route (nothing recorded), whatever the page shows', async () => {
    const { counts } = await index()
    for (let page = 1; items.length < counts.total; page++) items.push(...(await index(`&page=${page}`)).items)
    // The host with the most scripts, none of them malicious: the pattern's target.
    const byHost = new Map<string, Item[]>()
    for (const s of items) byHost.set(s.host, [...(byHost.get(s.host) ?? []), s])
    ;[host, matched] = [...byHost].filter(([, l]) => l.every((s) => (s.js_integrity_score ?? 99) >= 10)).sort((a, b) => b[1].length - a[1].length)[0]
    expect(matched.length).toBeGreaterThan(1)
    const body = { pattern: `https://${host}/*`, justification: 'Our own CDN' }
    expect((await call('vic', 'POST', `${BASE}/reviews/patterns`, body)).status).toBe(403)
    expect((await call('vic', 'POST', `${BASE}/reviews/payment-pages`, { pattern: 'shop.example/checkout/*' })).status).toBe(403)
    expect((await call('vic', 'DELETE', `${BASE}/reviews/patterns/1`)).status).toBe(403)
    expect((await (await call('vic', 'GET', `${BASE}/reviews/patterns`)).json()).result).toEqual([])
    expect((await (await call('vic', 'GET', `${BASE}/reviews/payment-pages`)).json()).result).toEqual([])
  })

  it('answers a bad or too broad pattern, a missing justification and a past expiry with a 400 at the field', async () => {
    const refused = async (body: unknown, path = `${BASE}/reviews/patterns`) => {
      const r = await call('rita', 'POST', path, body)
      expect(r.status).toBe(400)
      return ((await r.json()) as { errors: { message: string; source?: { pointer: string } }[] }).errors
    }
    for (const pattern of ['*', 'https://*', '*.com', 'https://*/*'])
      expect(await refused({ pattern, justification: 'x' })).toEqual([expect.objectContaining({ source: { pointer: '/pattern' }, message: expect.stringContaining('would cover every script') })])
    expect(await refused({ pattern: 'https://js.*.com/x.js', justification: 'x' })).toEqual([
      expect.objectContaining({ source: { pointer: '/pattern' }, message: 'A * in the host may only start it, as in *.stripe.com.' }),
    ])
    expect(await refused({ pattern: `https://${host}/*`, justification: '  ' })).toEqual([expect.objectContaining({ source: { pointer: '/justification' } })])
    expect(await refused({ pattern: `https://${host}/*`, justification: 'x', expires_at: '2001-01-01' })).toEqual([
      expect.objectContaining({ source: { pointer: '/expires_at' } }),
    ])
    expect(await refused({ pattern: '*' }, `${BASE}/reviews/payment-pages`)).toEqual([expect.objectContaining({ source: { pointer: '/pattern' }, message: expect.stringContaining('would cover every page') })])
  })

  it('authorises the present scripts a pattern matches: counted as reviewed, by pattern, with the pattern and its author', async () => {
    const before = (await index()).counts
    const r = await call('rita', 'POST', `${BASE}/reviews/patterns`, { pattern: `HTTPS://${host.toUpperCase()}/*`, justification: 'Our own CDN, built by us' })
    expect(r.status).toBe(201)
    const made = (await r.json()).result
    expect(made).toMatchObject({ pattern: `https://${host}/*`, created_by: 'Rita (rita)', active: true, scripts: matched.length, expires_at: null })
    const after = (await index()).counts
    expect(after.by_pattern).toBe(matched.length)
    expect(after.reviewed).toBe(before.reviewed + matched.length)
    expect(after.new).toBe(before.new - matched.length)
    const latest = (await (await call('vic', 'GET', `${BASE}/reviews`)).json()).result as { script_id: string; reviewer: string; note: string; pattern: { pattern: string } | null }[]
    const inherited = latest.filter((e) => e.pattern)
    expect(inherited.map((e) => e.script_id).sort()).toEqual(matched.map((s) => s.id).sort())
    expect(inherited[0]).toMatchObject({ reviewer: 'Rita (rita)', note: 'Our own CDN, built by us', pattern: { pattern: `https://${host}/*` } })
    // The audit log has the write: who, the pattern, the justification.
    const { entries } = await store.audit.list({ area: 'page-shield' })
    expect(JSON.stringify(entries.find((e) => JSON.stringify(e).includes('pattern_verdict')))).toContain('Our own CDN, built by us')
  })

  it("a script whose hash changes loses the inherited verdict: changed since review, and stays so", async () => {
    const target = matched[0]
    const r = await call('ann', 'POST', '/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'hash-change', script_id: target.id })
    expect(r.status).toBe(200)
    const counts = (await index('&refresh=full')).counts
    expect(counts.by_pattern).toBe(matched.length - 1)
    const changed = await index('&review=changed&refresh=quick')
    expect(changed.items.map((s) => s.id)).toContain(target.id)
    expect((await index()).counts.by_pattern).toBe(matched.length - 1)
  })

  it('scopes the counts to payment pages and says of how many; the report counts verdicts by pattern', async () => {
    const page = items.find((s) => s.first_page_url)!.first_page_url!
    const pattern = `${page.replace(/^https?:\/\//, '').split('/')[0]}/*`
    const r = await call('rita', 'POST', `${BASE}/reviews/payment-pages`, { pattern })
    expect(r.status).toBe(201)
    const parsed = parsePagePattern(pattern)
    if (!parsed.ok) throw new Error(parsed.message)
    const pages = await store.scriptIndex.pages(`sandbox:${ZONE}`)
    const expected = pages.filter((p) => p.page_urls.split('\n').some((u) => pageMatches(parsed, u))).length
    const scoped = await index('&payment_only=1')
    expect(scoped.counts.total).toBe(expected)
    expect(scoped.payment).toEqual({ patterns: [parsed.pattern], of: items.length })

    const html = await (await call('vic', 'GET', `/api/local/zones/${ZONE}/watch/report`)).text()
    const inAll = (await index()).counts.by_pattern
    expect(html).toContain(`(${inAll} of them by a pattern verdict)`)
    expect(html).toContain(`pattern https://${host}/* set by Rita (rita)`)
    expect(html).toContain(`Scripts on payment pages (${parsed.pattern}): ${expected} of ${items.length} scripts`)
    const scopedHtml = await (await call('vic', 'GET', `/api/local/zones/${ZONE}/watch/report?scope=payment`)).text()
    expect(scopedHtml).toContain(`Scope: scripts on payment pages (${parsed.pattern}): ${expected} of ${items.length} scripts`)
    expect((await call('vic', 'GET', `/api/local/zones/${ZONE}/watch/report?scope=everything`)).status).toBe(400)
  })

  it('removes a pattern (reviewers only): its scripts need review again, and the ledger CSV keeps the record', async () => {
    const [p] = (await (await call('vic', 'GET', `${BASE}/reviews/patterns`)).json()).result as { id: number }[]
    expect((await call('vic', 'DELETE', `${BASE}/reviews/patterns/${p.id}`)).status).toBe(403)
    expect((await call('rita', 'DELETE', `${BASE}/reviews/patterns/${p.id}`)).status).toBe(200)
    expect((await call('rita', 'DELETE', `${BASE}/reviews/patterns/${p.id}`)).status).toBe(404)
    expect((await index()).counts.by_pattern).toBe(0)
    const csv = await (await call('vic', 'GET', `${BASE}/reviews/export.csv`)).text()
    expect(csv).toMatch(/\npattern,[^\n]*Rita \(rita\),expected,"?Our own CDN, built by us/)
    expect(csv).toMatch(/\npattern-removed,[^\n]*Rita \(rita\)/)
  })
  it("removes through a zone's route only that zone's patterns: another zone's id is a 404 and stays in force", async () => {
    const B = `/api/local/zones/${SEED_ZONES.pending.id}/page-shield`
    const added = await call('rita', 'POST', `${B}/reviews/patterns`, { pattern: 'https://cdn.zone-b.test/*', justification: "Zone B's CDN" })
    expect(added.status).toBe(201)
    const { id } = ((await added.json()) as { result: { id: number } }).result
    const page = await call('rita', 'POST', `${B}/reviews/payment-pages`, { pattern: 'b.test/checkout/*' })
    expect(page.status).toBe(201)
    const pageId = ((await page.json()) as { result: { id: number } }).result.id
    expect((await call('ann', 'DELETE', `${BASE}/reviews/patterns/${id}`)).status).toBe(404)
    expect((await call('ann', 'DELETE', `${BASE}/reviews/payment-pages/${pageId}`)).status).toBe(404)
    const inB = (await (await call('vic', 'GET', `${B}/reviews/patterns`)).json()).result as { id: number; active: boolean; removed_at: string | null }[]
    expect(inB.find((p) => p.id === id)).toMatchObject({ active: true, removed_at: null })
    expect(((await (await call('vic', 'GET', `${B}/reviews/payment-pages`)).json()).result as { id: number }[]).map((p) => p.id)).toContain(pageId)
  })
  it('of two reviewers adding the same pattern at once, one records it and the other gets a 400 at the field, never a 500', async () => {
    const twice = async (path: string, body: unknown) => {
      const rs = await Promise.all([call('rita', 'POST', path, body), call('ann', 'POST', path, body)])
      expect(rs.map((r) => r.status).sort()).toEqual([201, 400])
      return ((await rs.find((r) => r.status === 400)!.json()) as { errors: unknown[] }).errors
    }
    expect(await twice(`${BASE}/reviews/payment-pages`, { pattern: 'Shop.Twice.test/pay/*' })).toEqual([
      expect.objectContaining({ source: { pointer: '/pattern' }, message: 'shop.twice.test/pay/* is already a payment page pattern.' }),
    ])
    expect((await (await call('vic', 'GET', `${BASE}/reviews/payment-pages`)).json()).result.filter((p: { pattern: string }) => p.pattern === 'shop.twice.test/pay/*')).toHaveLength(1)
    expect(await twice(`${BASE}/reviews/patterns`, { pattern: 'https://cdn.twice.test/*', justification: 'Our CDN' })).toEqual([
      expect.objectContaining({ source: { pointer: '/pattern' }, message: expect.stringContaining('https://cdn.twice.test/* is already a pattern verdict in force') }),
    ])
    expect((await (await call('vic', 'GET', `${BASE}/reviews/patterns`)).json()).result.filter((p: { pattern: string }) => p.pattern === 'https://cdn.twice.test/*')).toHaveLength(1)
  })
})
