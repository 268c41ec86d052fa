import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildQuery } from '@/lib/api-client'
import { connectionIndexQuery, connectionLedgerQuery, reviewLedgerQuery, scriptIndexQuery } from '@/shared/lists/page-shield-index'
import { commaItems } from '@/shared/lists/query'
import { REVIEW_VERDICTS } from '@/shared/page-shield/review-verdicts'
import { connectionIndexView } from '../../../server/local/connection-reviews'
import { scriptIndexView } from '../../../server/local/script-index'
import { connectionIndexParams } from './connection-reviews'
import { scriptIndexParams } from './needs-review-scan'
import { connectionsPage, reviewsPage, REVIEW_FILTERS, scriptsPage, STATUS_TABS } from './search'

/*
 * The dashboard's own page-security routes (script index, connection index, review ledgers) read
 * their query by one declaration (src/shared/lists/page-shield-index.ts), which the pages' URL-only
 * keys and the parameters they send come from. Any view a person can set survives the whole way:
 *   search → URL (the router's stringify) → search (the router's parse, then the route's
 *   validateSearch) → the index route's parameters (written by its declaration, sent by the API
 *   client) → what the route reads (the declaration) → the index's filter (the route's own mapping).
 */

const RUNS = { numRuns: 300 }
const text = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((s) => s.trim() === s && s !== '')
const commaText = fc.oneof(text, fc.array(text, { minLength: 2, maxLength: 3 }).map((l) => l.join(', ')))

const view = {
  hosts: commaText,
  urls: commaText,
  page_url: commaText,
  status: fc.constantFrom(...STATUS_TABS),
  malicious_first: fc.boolean(),
  review: fc.constantFrom(...REVIEW_FILTERS),
  page: fc.integer({ min: 1, max: 1000 }),
  per_page: fc.constantFrom(...scriptsPage.pageSizes),
  order: fc.constantFrom('first_seen_at', 'last_seen_at'),
  direction: fc.constantFrom('asc', 'desc'),
}
const scriptsView = fc.record({ ...view, malicious_only: fc.boolean() }, { requiredKeys: [] })
const connectionsView = fc.record(view, { requiredKeys: [] })

/** The page's URL as the router writes it, read back as the router and the route's validateSearch read it. */
const throughUrl = <T,>(page: { '~standard': { validate: (raw: unknown) => { value: T } } }, search: Record<string, unknown>) =>
  page['~standard'].validate(defaultParseSearch(defaultStringifySearch(search))).value
/** Parameters as the API client sends them, read as the route reads them. */
const received = (params: Record<string, unknown>) => new URL(`http://dashboard/index${buildQuery(params as never)}`).searchParams

const statusesOf = (tab: unknown) => (tab === 'all' ? [] : [tab ?? 'active'])
const expectedOrder = (s: Record<string, unknown>) => ({
  orderBy: s.order ?? 'last_seen_at',
  direction: s.direction ?? (s.order ? 'asc' : 'desc'),
})

describe("page security's own routes: one declaration from the page's URL to the index's filter", () => {
  it('scripts: every filter, the review filter, malicious only, the order and the page arrive as set', () => {
    fc.assert(
      fc.property(scriptsView, (search) => {
        const validated = throughUrl(scriptsPage, search)
        const read = scriptIndexView(scriptIndexQuery.read(received(scriptIndexParams(validated))))
        expect(read.q).toEqual({
          statuses: statusesOf(search.status),
          hosts: commaItems(search.hosts),
          urls: commaItems(search.urls),
          maliciousOnly: search.malicious_only === true,
          review: search.review,
          ...expectedOrder(search),
          maliciousFirst: search.malicious_first === true,
        })
        expect(read.pageUrls).toEqual(commaItems(search.page_url))
        expect(read).toMatchObject({ page: search.page ?? 1, perPage: search.per_page ?? 25, refresh: undefined })
      }),
      RUNS,
    )
  })

  it('connections: every filter, the review filter, the order and the page arrive as set', () => {
    fc.assert(
      fc.property(connectionsView, (search) => {
        const validated = throughUrl(connectionsPage, search)
        const read = connectionIndexView(connectionIndexQuery.read(received(connectionIndexParams(validated, 'full'))))
        expect(read.q).toEqual({
          statuses: statusesOf(search.status),
          hosts: commaItems(search.hosts),
          urls: commaItems(search.urls),
          review: search.review,
          ...expectedOrder(search),
          reportedFirst: search.malicious_first === true,
        })
        expect(read.pageUrls).toEqual(commaItems(search.page_url))
        expect(read).toMatchObject({ page: search.page ?? 1, perPage: search.per_page ?? 25, refresh: 'full' })
      }),
      RUNS,
    )
  })

  it('old bookmarks: malicious_only=1 and =true both open the malicious-only view and reach the index as on', () => {
    for (const url of ['?malicious_only=1', '?malicious_only=true', '?malicious_only=%221%22', '?malicious_only=%22true%22']) {
      const search = scriptsPage.parse(defaultParseSearch(url))
      expect(search.malicious_only, url).toBe(true)
      expect(scriptIndexView(scriptIndexQuery.read(received(scriptIndexParams(search)))).q.maliciousOnly, url).toBe(true)
    }
    for (const url of ['?malicious_only=0', '?malicious_only=false', '?malicious_only=maybe', '']) {
      const search = scriptsPage.parse(defaultParseSearch(url))
      expect(search.malicious_only === true, url).toBe(false)
      expect(scriptIndexParams(search), url).not.toHaveProperty('malicious_only')
    }
    // What a script or an old client sends the route itself: 1 and true are on, anything else off, never refused.
    const on = (q: string) => scriptIndexView(scriptIndexQuery.read(new URLSearchParams(q))).q
    expect(on('malicious_only=1&prioritize_malicious=1')).toMatchObject({ maliciousOnly: true, maliciousFirst: true })
    expect(on('malicious_only=true&prioritize_malicious=true')).toMatchObject({ maliciousOnly: true, maliciousFirst: true })
    expect(on('malicious_only=yes&prioritize_malicious=0')).toMatchObject({ maliciousOnly: false, maliciousFirst: false })
  })

  it('a pasted URL with bad values still opens, and sends nothing the index routes refuse', () => {
    const junk = fc.dictionary(
      fc.constantFrom('hosts', 'urls', 'page_url', 'status', 'review', 'malicious_only', 'malicious_first', 'page', 'per_page', 'order', 'direction', 'refresh', 'other'),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 })),
    )
    fc.assert(
      fc.property(junk, (raw) => {
        const scripts = scriptIndexParams(scriptsPage['~standard'].validate(raw).value)
        expect(() => scriptIndexQuery.read(received(scripts))).not.toThrow()
        const connections = connectionIndexParams(connectionsPage['~standard'].validate(raw).value)
        expect(() => connectionIndexQuery.read(received(connections))).not.toThrow()
      }),
      RUNS,
    )
  })

  it("the review ledger page: its verdict filter and paging stay in the URL, a script's history asks by its id", () => {
    fc.assert(
      fc.property(
        fc.record(
          { verdict: fc.constantFrom(...REVIEW_VERDICTS), page: fc.integer({ min: 1, max: 1000 }), per_page: fc.constantFrom(...reviewsPage.pageSizes) },
          { requiredKeys: [] },
        ),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        (search, id) => {
          const validated = throughUrl(reviewsPage, search)
          expect(validated).toMatchObject(search)
          expect(reviewsPage.pageOf(validated)).toEqual({ page: search.page ?? 1, perPage: search.per_page ?? 25 })
          // The ledger answers every latest review at once: the page sends nothing of its URL.
          expect(reviewsPage.apiParams(validated)).toEqual({})
          expect(reviewLedgerQuery.read(received({ script_id: id }))).toEqual({ script_id: id })
          expect(connectionLedgerQuery.read(received({ connection_id: id }))).toEqual({ connection_id: id })
        },
      ),
      RUNS,
    )
    expect(reviewsPage.parse({ verdict: 'fine', page: 0, per_page: 'x', order: 'note' })).toMatchObject({ verdict: undefined, page: undefined, per_page: undefined })
  })
})
