import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { auditPage } from '@/features/audit/api/audit-search'
import { dnsPage } from '@/features/dns/api/dns-search'
import { firewallPage } from '@/features/firewall/api/firewall-search'
import { poolsPage } from '@/features/load-balancing/api/pools-search'
import { logJobsPage } from '@/features/log-fields/api/log-jobs-search'
import { certificatePacksPage } from '@/features/certificates/api/certificate-packs-search'
import { zonesPage } from '@/features/zones/api/zones-search'
import { connectionsPage, cookiesPage, scriptsPage } from '@/features/page-shield/api/search'
import { buildQuery } from '@/lib/api-client'
import { DNS_RECORD_ORDER_FIELDS } from '@/shared/lists/dns-records'
import type { ListPage } from '@/shared/lists/page'
import { commaItems, type AnyField, type Fields } from '@/shared/lists/query'
import { parseNameOperator } from '@/shared/schemas/zone'

/*
 * For each list converted to one query declaration (src/shared/lists): any view a person can set on
 * the page (every filter, the order, the page and its size) survives the whole way:
 *   search → URL (the router's own stringify) → search (the router's parse, then the route's
 *   validateSearch) → API query (the page's mapper, written by the API client) → what the sandbox
 *   (or the dashboard's own list route) reads from that query string.
 */

/** A value a person can give a filter: trimmed non-empty text up to `max`, one of the choices, yes/no, a day. */
function valueOf(field: AnyField, max = 60): fc.Arbitrary<unknown> {
  if (field.kind === 'boolean') return fc.boolean()
  if (field.values) {
    const one = fc.constantFrom(...field.values)
    if (!field.many) return one
    return fc.uniqueArray(one, { minLength: 1, maxLength: 4 }).map((l) => (l.length === 1 ? l[0] : l))
  }
  if (field.kind === 'day') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10))
  }
  return fc.string({ minLength: 1, maxLength: max, unit: 'grapheme' }).filter((s) => s.trim() === s && s !== '')
}

/** A page's search with any subset of its filters and URL-only keys set, plus paging and maybe an order. */
function searchOf(
  page: ListPage<Fields, string, string, Fields>,
  orders: readonly string[],
  limits: Record<string, number> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const filters = Object.fromEntries(page.filters.map((k) => [k, valueOf(page.query.fields[k], limits[k])]))
  const urlOnly = Object.fromEntries(Object.entries(page.urlOnly).map(([k, field]) => [k, valueOf(field, limits[k])]))
  return fc.record(
    {
      ...filters,
      ...urlOnly,
      page: fc.integer({ min: 1, max: 1000 }),
      per_page: fc.constantFrom(...page.pageSizes),
      ...(orders.length ? { order: fc.constantFrom(...orders), direction: fc.constantFrom('asc', 'desc') } : {}),
    },
    { requiredKeys: ['page', 'per_page'] },
  )
}

/** The whole way, as the browser and the server take it (`params`: the page sends `apiParams`, each field written as it writes itself). */
function roundTrip(page: ListPage<Fields, string, string, Fields>, search: Record<string, unknown>, how: 'query' | 'params' = 'query') {
  const url = defaultStringifySearch(search)
  const validated = page['~standard'].validate(defaultParseSearch(url)) as { value: Record<string, unknown> }
  const sent = buildQuery(how === 'params' ? page.apiParams(validated.value) : page.apiQuery(validated.value))
  return {
    url,
    validated: validated.value,
    sent,
    read: page.query.read(new URL(`http://sandbox/list${sent}`).searchParams) as Record<string, unknown>,
  }
}

const asPage = (p: unknown) => p as ListPage<Fields, string, string, Fields>
const RUNS = { numRuns: 300 }

describe('list queries: URL → search → API params → the server reading them', () => {
  it('zones: the name search arrives as a contains match, status and paging as set', () => {
    fc.assert(
      fc.property(searchOf(asPage(zonesPage), ['name', 'status', 'account.name'], { name: 253 }), (search) => {
        const { validated, read } = roundTrip(asPage(zonesPage), search)
        expect(validated).toMatchObject(search)
        if (search.name !== undefined)
          expect(parseNameOperator(read.name as string)).toEqual({ op: 'contains', value: search.name })
        else expect(read.name).toBeUndefined()
        expect(read.status).toBe(search.status)
        expect(read.page).toBe(search.page)
        expect(read.per_page).toBe(search.per_page)
        expect(read.order).toBe(search.order ?? 'name')
        expect(read.direction).toBe(search.direction ?? 'asc')
      }),
      RUNS,
    )
  })

  it('DNS records: every filter arrives as set (one type or several), with shadow metadata asked for', () => {
    fc.assert(
      fc.property(searchOf(asPage(dnsPage), DNS_RECORD_ORDER_FIELDS), (search) => {
        const { validated, read } = roundTrip(asPage(dnsPage), search)
        expect(validated).toMatchObject(search)
        for (const key of dnsPage.filters) expect(read[key], key).toEqual(search[key])
        expect(read).toMatchObject({
          page: search.page,
          per_page: search.per_page,
          order: search.order ?? 'type',
          direction: search.direction ?? 'asc',
          include_shadow_metadata: true,
        })
      }),
      RUNS,
    )
  })

  it('audit log: every filter arrives as set at the dashboard’s own list route', () => {
    fc.assert(
      fc.property(searchOf(asPage(auditPage), [], { person: 100, zone: 253, action: 40 }), (search) => {
        const { validated, read } = roundTrip(asPage(auditPage), search)
        expect(validated).toMatchObject(search)
        for (const key of auditPage.filters) expect(read[key], key).toEqual(search[key])
        expect(read).toMatchObject({ page: search.page, per_page: search.per_page })
      }),
      RUNS,
    )
  })

  it('firewall rules: every filter arrives as set at the sandbox', () => {
    fc.assert(
      fc.property(searchOf(asPage(firewallPage), []), (search) => {
        const { validated, read } = roundTrip(asPage(firewallPage), search)
        expect(validated).toMatchObject(search)
        for (const key of firewallPage.filters) expect(read[key], key).toEqual(search[key])
        expect(read).toMatchObject({ page: search.page, per_page: search.per_page })
      }),
      RUNS,
    )
  })

  it('certificate packs: the status filter and paging arrive as set at the sandbox', () => {
    fc.assert(
      fc.property(searchOf(asPage(certificatePacksPage), []), (search) => {
        const { validated, read } = roundTrip(asPage(certificatePacksPage), search)
        expect(validated).toMatchObject(search)
        expect(read.status).toBe(search.status)
        expect(read).toMatchObject({ page: search.page, per_page: search.per_page })
      }),
      RUNS,
    )
  })

  it('load-balancing pools: the account stays in the URL, the page is cut in the browser, nothing is sent as a query', () => {
    fc.assert(
      fc.property(searchOf(asPage(poolsPage), []), (search) => {
        const { validated, sent, read } = roundTrip(asPage(poolsPage), search)
        expect(validated).toMatchObject(search)
        // The account goes into the API path; the service has no paging parameters (it answers every pool).
        expect(sent).toBe('')
        expect(read).toEqual({})
        expect(poolsPage.pageOf(validated)).toEqual({ page: search.page, perPage: search.per_page })
      }),
      RUNS,
    )
  })

  it('log jobs: the page is cut in the browser, nothing is sent as a query', () => {
    fc.assert(
      fc.property(searchOf(asPage(logJobsPage), []), (search) => {
        const { validated, sent, read } = roundTrip(asPage(logJobsPage), search)
        expect(validated).toMatchObject(search)
        expect(sent).toBe('')
        expect(read).toEqual({})
        expect(logJobsPage.pageOf(validated)).toEqual({ page: search.page, perPage: search.per_page })
      }),
      RUNS,
    )
  })

  // Page security: the URL-only keys (status tab, malicious first) arrive as the API's own parameters;
  // the review filters (answered by the dashboard's indexes) are not sent to the API at all.
  const statusOf = (tab: unknown) => (tab === 'all' ? ['active', 'infrequent', 'inactive'] : (tab ?? 'active'))
  const seenPaging = (search: Record<string, unknown>) => ({
    page: search.page,
    per_page: search.per_page,
    order_by: search.order ?? 'last_seen_at',
    direction: search.direction ?? (search.order ? 'asc' : 'desc'),
  })
  /** A comma list arrives with its items trimmed and empty ones dropped, as the service reads it. */
  const asList = (v: unknown) => commaItems(v as string | undefined)?.join(',')

  for (const [name, page] of [
    ['scripts', scriptsPage],
    ['connections', connectionsPage],
  ] as const) {
    it(`page security ${name}: hosts, URLs, pages, the status tab and malicious first arrive as set at the sandbox`, () => {
      fc.assert(
        fc.property(searchOf(asPage(page), page.defaultSort ? ['first_seen_at', 'last_seen_at'] : []), (search) => {
          const { validated, read } = roundTrip(asPage(page), search, 'params')
          expect(validated).toMatchObject(search)
          for (const key of page.filters) expect(read[key], key).toEqual(asList(search[key]))
          expect(read.status).toEqual(statusOf(search.status))
          expect(read.prioritize_malicious).toBe(search.malicious_first === true ? true : undefined)
          expect(read).not.toHaveProperty('review')
          expect(read).toMatchObject(seenPaging(search))
        }),
        RUNS,
      )
    })
  }

  it('page security cookies: every filter arrives as set at the sandbox', () => {
    fc.assert(
      fc.property(searchOf(asPage(cookiesPage), ['first_seen_at', 'last_seen_at']), (search) => {
        const { validated, read } = roundTrip(asPage(cookiesPage), search, 'params')
        expect(validated).toMatchObject(search)
        for (const key of cookiesPage.filters)
          expect(read[key], key).toEqual(key === 'hosts' || key === 'page_url' ? asList(search[key]) : search[key])
        expect(read).toMatchObject(seenPaging(search))
      }),
      RUNS,
    )
  })

  it('a pasted URL with bad values still opens, and sends nothing the server refuses', () => {
    const junk = fc.dictionary(
      fc.constantFrom(
        'name',
        'status',
        'type',
        'proxied',
        'name.contains',
        'area',
        'from',
        'description',
        'action',
        'paused',
        'deploy',
        'account',
        'monitor',
        'page',
        'per_page',
        'order',
        'direction',
        'hosts',
        'urls',
        'page_url',
        'malicious_first',
        'malicious_only',
        'review',
        'same_site',
        'secure',
        'other',
      ),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 })),
    )
    fc.assert(
      fc.property(junk, (raw) => {
        for (const page of [zonesPage, dnsPage, auditPage, firewallPage, certificatePacksPage, poolsPage, logJobsPage].map(asPage)) {
          const { value } = page['~standard'].validate(raw) as { value: Record<string, unknown> }
          const sent = buildQuery(page.apiQuery(value))
          expect(() => page.query.read(new URL(`http://sandbox/list${sent}`).searchParams), sent).not.toThrow()
        }
        for (const page of [scriptsPage, connectionsPage, cookiesPage].map(asPage)) {
          const { value } = page['~standard'].validate(raw) as { value: Record<string, unknown> }
          const sent = buildQuery(page.apiParams(value))
          expect(() => page.query.read(new URL(`http://sandbox/list${sent}`).searchParams), sent).not.toThrow()
        }
      }),
      RUNS,
    )
  })
})
