import { boolean, choice, choices, commaList, listQuery, pageOrAll, text, whole, type QueryOf } from './query'

/**
 * Page security's three lists (api-notes §5.2): detected scripts, connections and cookies, once for
 * the endpoint table, the sandbox (emulator/page-shield) and the three pages' URLs
 * (features/page-shield/api/search.ts). No zod here: the browser's first load imports it.
 *
 * As the service reads them: `hosts`, `page_url`, `urls` and `exclude_urls` are comma lists (repeated
 * keys are joined), `hosts` and `page_url` patterns take a `*` at either end (ends with / starts with /
 * contains; none: exact), `status` is a comma list of statuses (default active), `page` may be
 * `all`, per_page is clamped into 1–100, `export=csv` answers every match (up to 50,000) as a file.
 */

export const RESOURCE_STATUSES = ['active', 'infrequent', 'inactive'] as const
export const RESOURCE_ORDERS = ['first_seen_at', 'last_seen_at'] as const
export const COOKIE_TYPES = ['first_party', 'unknown'] as const
export const SAME_SITE_VALUES = ['lax', 'strict', 'none'] as const
export const PAGE_SHIELD_MAX_PER_PAGE = 100

const bool = boolean
const common = {
  hosts: commaList(),
  page_url: commaList(),
  page: pageOrAll(),
  per_page: whole(1, PAGE_SHIELD_MAX_PER_PAGE, { clamp: true }),
  order_by: choice(RESOURCE_ORDERS, { message: 'order_by must be first_seen_at or last_seen_at.' }),
  direction: choice(['asc', 'desc'], { ignoreCase: true, message: 'direction must be asc or desc.' }),
  // With export=csv, page and per_page are accepted and ignored: every match comes back.
  export: choice(['csv'], { message: 'export only supports csv.' }),
}

const resourceFields = {
  ...common,
  urls: commaList(),
  exclude_urls: commaList(),
  prioritize_malicious: bool(),
  /** Default true: URLs under /cdn-cgi/ are left out. */
  exclude_cdn_cgi: bool(),
  status: choices(RESOURCE_STATUSES, {
    comma: true,
    message: () => 'status takes a comma-separated list of active, infrequent and inactive.',
  }),
}

/** GET …/page_shield/connections. */
export const connectionsQuery = listQuery(resourceFields)
export type ConnectionsQuery = QueryOf<typeof connectionsQuery.fields>

/** GET …/page_shield/scripts: the connections' filters plus `exclude_duplicates` (default true). */
export const scriptsQuery = listQuery({ ...resourceFields, exclude_duplicates: bool() })

const attribute = (key: string) => text({ max: 1024, tooLong: `${key} is at most 1024 characters.` })

/** GET …/page_shield/cookies: `name` takes a `*` at either end (case-sensitive); path and domain are exact. */
export const cookiesQuery = listQuery({
  ...common,
  name: attribute('name'),
  type: choice(COOKIE_TYPES, { message: 'type must be first_party or unknown.' }),
  path: attribute('path'),
  domain: attribute('domain'),
  http_only: bool(),
  secure: bool(),
  same_site: choice(SAME_SITE_VALUES, { message: 'same_site must be lax, strict or none.' }),
})
