import { scriptsQuery } from './page-shield'
import { choice, listQuery, QueryError, type QueryField, type QueryOf } from './query'

/**
 * The dashboard's own page-security routes (server/local), each query declared once as the API's
 * lists are (./query.ts): the script index and its CSV (script-index.ts), the connection index and
 * the two review ledgers (connection-reviews.ts, reviews.ts). The routes read with these (a refused
 * value is a 400 naming its key, unknown keys ignored); the pages' URL-only keys and the parameters
 * they send come from them too (features/page-shield/api/search.ts, needs-review-scan.ts,
 * connection-reviews.ts, reviews.ts). No zod here: the pages' route validators use these fields.
 *
 * The index routes take the API's query of a view (the same fields as ./page-shield.ts) plus what
 * the API does not have: `review`, the scripts' `malicious_only`, and `refresh`. They read as they
 * always have, only looser where an empty value used to be refused: `malicious_only` and
 * `prioritize_malicious` are on for `true` or `1` and off for anything else (never refused), page
 * and per_page are numbers as `Number()` reads them (page from 1, per_page 1–100, refused outside:
 * the index pages itself and never clamps), statuses default to active.
 */

export const REVIEW_FILTERS = ['needs', 'new', 'changed'] as const
export const INDEX_DEFAULT_PER_PAGE = 25
export const INDEX_MAX_PER_PAGE = 100

const firstOf = (values: string[]) => (values.length && values[0] !== '' ? values[0] : undefined)

/**
 * On for `true` or `1`, off for anything else: never refused (an old bookmark's `malicious_only=1`
 * and the page's `malicious_only=true` both read as on). A page's URL takes the same forms (the
 * router parses `1` and `true` as JSON).
 */
export function yes(): QueryField<boolean> {
  return {
    kind: 'boolean',
    fromUrl: (v) => (v === true || v === 'true' || v === 1 || v === '1' ? true : v === false || v === 'false' || v === 0 || v === '0' ? false : undefined),
    fromQuery: (values) => {
      const v = firstOf(values)
      return v === undefined ? undefined : v === 'true' || v === '1'
    },
    toQuery: (v) => [String(v)],
  }
}

/** A whole number from `min` to `max` as `Number()` reads it (`2`, `2.0`); anything else is refused in `message`. */
function count(min: number, max: number, message: string): QueryField<number> {
  const ok = (n: number) => Number.isInteger(n) && n >= min && n <= max
  return {
    kind: 'number',
    fromUrl: (v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
      return ok(n) ? n : undefined
    },
    fromQuery: (values, key) => {
      const raw = firstOf(values)
      if (raw === undefined) return undefined
      const n = Number(raw)
      if (!ok(n)) throw new QueryError(key, message)
      return n
    },
    toQuery: (v) => [String(v)],
  }
}

/** A 32-character lower-case hexadecimal identifier (a script's or a connection's), as the API writes them. */
export function hexId(): QueryField<string> {
  const ok = (v: string) => /^[0-9a-f]{32}$/.test(v)
  return {
    kind: 'text',
    fromUrl: (v) => (typeof v === 'string' && ok(v) ? v : undefined),
    fromQuery: (values, key) => {
      const v = firstOf(values)
      if (v !== undefined && !ok(v)) throw new QueryError(key, `${key} must be 32 hexadecimal characters.`)
      return v
    },
    toQuery: (v) => [v],
  }
}

const api = scriptsQuery.fields
/** What both indexes read: the API's filters, order and status, its malicious-first as on/off, the review filter and paging. */
const indexFields = {
  hosts: api.hosts,
  urls: api.urls,
  page_url: api.page_url,
  status: api.status,
  order_by: api.order_by,
  direction: api.direction,
  prioritize_malicious: yes(),
  review: choice(REVIEW_FILTERS, { message: 'review must be needs, new or changed.' }),
  page: count(1, Number.MAX_SAFE_INTEGER, 'page must be a whole number from 1.'),
  per_page: count(1, INDEX_MAX_PER_PAGE, `per_page must be from 1 to ${INDEX_MAX_PER_PAGE}.`),
}

/** GET /api/local/zones/:zone_id/page-shield/script-index (and export.csv, which ignores page and per_page). */
export const scriptIndexQuery = listQuery({
  ...indexFields,
  malicious_only: yes(),
  /** Only scripts seen on the zone's payment pages (the patterns a reviewer marked; server/local/page-patterns.ts). */
  payment_only: yes(),
  /** Bring the index up to date now: `quick` (newest sightings) or `full` (the whole list). */
  refresh: choice(['full', 'quick'], { message: 'refresh must be full or quick.' }),
})
export type ScriptIndexParams = QueryOf<typeof scriptIndexQuery.fields>

/** GET /api/local/zones/:zone_id/page-shield/connection-index: read whole on `refresh=full`. */
export const connectionIndexQuery = listQuery({
  ...indexFields,
  refresh: choice(['full'], { message: 'refresh must be full.' }),
})
export type ConnectionIndexParams = QueryOf<typeof connectionIndexQuery.fields>

/** GET /api/local/zones/:zone_id/page-shield/reviews: the latest review of every script, or one script's history. */
export const reviewLedgerQuery = listQuery({ script_id: hexId() })

/** GET /api/local/zones/:zone_id/page-shield/connection-reviews: the latest verdict on every connection, or one's history. */
export const connectionLedgerQuery = listQuery({ connection_id: hexId() })
