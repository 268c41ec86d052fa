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
export const RECORD_SEARCH_CSV_COLUMNS = ['zone_name', 'zone_id', 'account_id', 'id', 'type', 'name', 'content', 'proxied', 'ttl', 'comment', 'tags', 'read_at'] as const

/** "Searched 18,204 of 20,000 zones; 1,796 not read yet (oldest read 14:02)": what the page and the CSV say. */
export function coverageSentence(c: SearchCoverage, time: (ms: number) => string): string {
  const n = (v: number) => v.toLocaleString('en-US')
  const zones = (v: number) => `${n(v)} zone${v === 1 ? '' : 's'}`
  let s = `Searched ${n(c.zones_indexed)} of ${zones(c.zones_in_scope)}`
  if (c.zones_not_read > 0) s += `; ${n(c.zones_not_read)} not read yet`
  if (c.oldest_read_at !== null) s += ` (oldest read ${time(c.oldest_read_at)})`
  return s + '.'
}
