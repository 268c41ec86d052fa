import { ALL_DNS_RECORD_TYPES } from '../dns/record-type-names'
import { choice, listQuery, text, whole } from '../lists/query'

/**
 * The search across every zone's DNS records (`GET /api/local/search/records`, server/search): its
 * query declared once, read by the route before its handler (a refused value is a 400 naming its key)
 * and written by the Search page for its URL and its calls.
 */
export const RECORD_SEARCH_FIELDS = ['any', 'name', 'content', 'comment', 'tag'] as const
export type RecordSearchField = (typeof RECORD_SEARCH_FIELDS)[number]
export const RECORD_SEARCH_PER_PAGE = 50
export const RECORD_SEARCH_MAX_CHARS = 200

export const recordSearchQuery = listQuery({
  q: text({ max: RECORD_SEARCH_MAX_CHARS, tooLong: `Search for at most ${RECORD_SEARCH_MAX_CHARS} characters.` }),
  field: choice(RECORD_SEARCH_FIELDS, { message: `field must be one of ${RECORD_SEARCH_FIELDS.join(', ')}.` }),
  type: choice(ALL_DNS_RECORD_TYPES, { message: 'type must be a DNS record type such as A, AAAA, CNAME or MX.' }),
  page: whole(1, 100_000, { label: 'The page' }),
  format: choice(['json', 'csv'] as const),
})

// The answer's shapes are schemas (src/shared/schemas/search.ts, held to the server's answers by a
// test); this module stays free of zod for the page's first load.
export type { RecordMatch, RecordSearchReply, SearchCoverage } from '../schemas/search'
import type { SearchCoverage } from '../schemas/search'

/** The columns of the CSV export, in order. */
export const RECORD_SEARCH_CSV_COLUMNS = ['zone_name', 'zone_id', 'account_id', 'id', 'type', 'name', 'content', 'proxied', 'ttl', 'comment', 'tags', 'read_at', 'account_name'] as const

/**
 * "Searched 18,204 of 20,000 zones; 1,796 not read yet (oldest read 14:02)": what the page and the CSV
 * say. Over several accounts, per account: "Searched Client A: 40 of 40 zones; Client B: 12 of 300
 * zones, 288 not read yet (oldest read 14:02)." Accounts the person may see but no credential reaches
 * are named after it: none of their zones was searched.
 */
export function coverageSentence(c: SearchCoverage, time: (ms: number) => string): string {
  const n = (v: number) => v.toLocaleString('en-US')
  const zones = (v: number) => `${n(v)} zone${v === 1 ? '' : 's'}`
  let s: string
  if (c.accounts && c.accounts.length > 1) {
    const each = c.accounts.map((a) =>
      // An account whose zone list was never read: how many zones it has is not known yet (not "0 of 0").
      a.zones_in_scope === 0 && a.zones_listed_at === null
        ? `${a.name}: zones not listed yet`
        : `${a.name}: ${n(a.zones_indexed)} of ${zones(a.zones_in_scope)}${a.zones_not_read > 0 ? `, ${n(a.zones_not_read)} not read yet` : ''}`,
    )
    s = `Searched ${each.join('; ')}`
  } else {
    s = `Searched ${n(c.zones_indexed)} of ${zones(c.zones_in_scope)}`
    if (c.zones_not_read > 0) s += `; ${n(c.zones_not_read)} not read yet`
  }
  if (c.oldest_read_at !== null) s += ` (oldest read ${time(c.oldest_read_at)})`
  s += '.'
  if (c.unreached?.length) s += ` Not searched, no credential of this dashboard reaches ${c.unreached.length === 1 ? 'it' : 'them'}: ${c.unreached.map((a) => a.name).join(', ')}.`
  return s
}
