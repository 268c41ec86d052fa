import { describe, expect, it } from 'vitest'
import { MALICIOUS_JS_INTEGRITY_THRESHOLD } from '../../shared/page-shield/malicious'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp } from '../../testing/audit-app'

/*
 * Page security's own routes read their query by one declaration each (shared/lists/page-shield-index.ts):
 * a value they refuse is a 400 whose error points at its key, never a 500; every form the pages and
 * old bookmarks send (malicious_only=1 or true, DESC, repeated keys) still reads as before.
 */
const ZONE = SEED_ZONES.demo.id
const SCRIPTS = `/api/local/zones/${ZONE}/page-shield/script-index`
const CONNECTIONS = `/api/local/zones/${ZONE}/page-shield/connection-index`
const REVIEWS = `/api/local/zones/${ZONE}/page-shield/reviews`
const CONNECTION_REVIEWS = `/api/local/zones/${ZONE}/page-shield/connection-reviews`
const { app } = auditTestApp()

/** The answer of a view, once the zone's first index build is done (202 until then). */
async function answer(url: string) {
  for (;;) {
    const r = await app.request(url)
    if (r.status !== 202) {
      expect(r.status, `${url}: ${await r.clone().text()}`).toBe(200)
      return (await r.json()).result
    }
    await new Promise((res) => setTimeout(res, 100))
  }
}

describe("page security's own routes: bad values are 400s naming the key", () => {
  const cases: [string, string, RegExp][] = [
    [`${SCRIPTS}?review=maybe`, 'review', /review must be needs, new or changed/],
    [`${SCRIPTS}?status=active,gone`, 'status', /active, infrequent and inactive/],
    [`${SCRIPTS}?order_by=url`, 'order_by', /order_by must be first_seen_at or last_seen_at/],
    [`${SCRIPTS}?direction=up`, 'direction', /direction must be asc or desc/],
    [`${SCRIPTS}?page=abc`, 'page', /page must be a whole number from 1/],
    [`${SCRIPTS}?page=0`, 'page', /page must be a whole number from 1/],
    [`${SCRIPTS}?per_page=1000`, 'per_page', /per_page must be from 1 to 100/],
    [`${SCRIPTS}?refresh=now`, 'refresh', /refresh must be full or quick/],
    [`${SCRIPTS}/export.csv?review=maybe`, 'review', /review must be needs/],
    [`${CONNECTIONS}?review=maybe`, 'review', /review must be needs, new or changed/],
    [`${CONNECTIONS}?per_page=0`, 'per_page', /per_page must be from 1 to 100/],
    [`${CONNECTIONS}?refresh=quick`, 'refresh', /refresh must be full/],
    [`${CONNECTIONS}?status=gone`, 'status', /active, infrequent and inactive/],
    [`${REVIEWS}?script_id=zz`, 'script_id', /script_id must be 32 hexadecimal characters/],
    [`${CONNECTION_REVIEWS}?connection_id=${'A'.repeat(32)}`, 'connection_id', /connection_id must be 32 hexadecimal characters/],
  ]
  it.each(cases)('%s → 400 at /%s', async (url, key, message) => {
    const r = await app.request(url)
    expect(r.status).toBe(400)
    const body = await r.json()
    expect(body.success).toBe(false)
    expect(body.errors).toHaveLength(1)
    expect(body.errors[0]).toMatchObject({ code: 1001, source: { pointer: `/${key}` } })
    expect(body.errors[0].message).toMatch(message)
  })
})

describe("page security's own routes: what the pages and old bookmarks send reads as before", () => {
  it('malicious_only and prioritize_malicious: 1 and true are on, anything else off, none refused', async () => {
    const all = await answer(`${SCRIPTS}?status=active,infrequent,inactive&per_page=100`)
    const malicious = await answer(`${SCRIPTS}?status=active,infrequent,inactive&malicious_only=true&per_page=100`)
    expect(malicious.total_count).toBe(all.counts.malicious)
    expect(malicious.total_count).toBeGreaterThan(0)
    expect(malicious.total_count).toBeLessThan(all.total_count)
    const flagged = (s: { js_integrity_score: number | null }) => s.js_integrity_score !== null && s.js_integrity_score < MALICIOUS_JS_INTEGRITY_THRESHOLD
    expect(malicious.items.every(flagged)).toBe(true)
    expect((await answer(`${SCRIPTS}?status=active,infrequent,inactive&malicious_only=1&per_page=100`)).items).toEqual(malicious.items)
    for (const off of ['0', 'false', 'yes', ''])
      expect((await answer(`${SCRIPTS}?status=active,infrequent,inactive&malicious_only=${off}&per_page=100`)).total_count, off).toBe(all.total_count)

    // Malicious first: the same order for 1 and true, the malicious scripts at the top.
    const first = await answer(`${SCRIPTS}?status=active,infrequent,inactive&prioritize_malicious=1&per_page=100`)
    expect(first.items.slice(0, malicious.total_count).every(flagged)).toBe(true)
    expect((await answer(`${SCRIPTS}?status=active,infrequent,inactive&prioritize_malicious=true&per_page=100`)).items).toEqual(first.items)
  })

  it('statuses as one comma list or repeated keys, DESC as desc, paging with its defaults, unknown keys ignored', async () => {
    const base = await answer(`${SCRIPTS}?status=active,infrequent&order_by=first_seen_at&direction=desc`)
    expect(base).toMatchObject({ page: 1, per_page: 25 })
    const same = await answer(`${SCRIPTS}?status=active&status=infrequent&order_by=first_seen_at&direction=DESC&export=pdf&other=1`)
    expect(same.items).toEqual(base.items)
    expect(same.total_count).toBe(base.total_count)
    // The CSV ignores page and per_page, whatever they hold.
    const csv = await app.request(`${SCRIPTS}/export.csv?page=abc&per_page=1000`)
    expect(csv.status).toBe(200)
    expect(Number(csv.headers.get('x-zonekeeper-rows'))).toBe((await answer(SCRIPTS)).total_count)
    await csv.text()

    const connections = await answer(`${CONNECTIONS}?status=active,infrequent,inactive&prioritize_malicious=1&per_page=5`)
    expect(connections.items.length).toBeLessThanOrEqual(5)
    expect(connections.total_count).toBe(connections.counts.total)
  })
})
