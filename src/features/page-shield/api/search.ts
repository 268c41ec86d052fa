import { listPage } from '@/shared/lists/page'
import { boolean, choice } from '@/shared/lists/query'
import { connectionsQuery, cookiesQuery, RESOURCE_ORDERS, RESOURCE_STATUSES, scriptsQuery } from '@/shared/lists/page-shield'
import { connectionIndexQuery, reviewLedgerQuery, scriptIndexQuery } from '@/shared/lists/page-shield-index'
import { REVIEW_VERDICTS } from '@/shared/page-shield/review-verdict-names'

/*
 * The scripts, connections and cookies pages' URLs, derived from each list's one query
 * (src/shared/lists/page-shield.ts) and keyed as it (`hosts`, `urls`, `page_url`, cookies' `name`,
 * `type`...), so the URL is the query: the page objects are the routes' `validateSearch`, the
 * tables' URL options and the API queries' mappers (`scriptsPage.apiQuery`). Zod-free: first load.
 *
 * URL-only keys (declared with the page, never sent to the API as they are):
 * - `status` is a tab (active | infrequent | all), sent as the API's comma list of statuses;
 * - `malicious_first` is sent as `prioritize_malicious`;
 * - `review` (and the scripts' `malicious_only`) are filters the API does not have: the dashboard's
 *   own indexes answer them (server/local/script-index.ts, connection-reviews.ts). They stay URL-only
 *   rather than fields of the API's query, so the sandbox and the endpoint table keep reading exactly
 *   what the service reads; their fields are the index routes' own declaration
 *   (src/shared/lists/page-shield-index.ts), which also writes what the pages send those routes
 *   (needs-review-scan.ts, connection-reviews.ts). `malicious_only` reads `true` or `1`.
 */

/** Status tabs: the API's active (its default), infrequent, or every status. */
export const STATUS_TABS = ['active', 'infrequent', 'all'] as const
export type StatusTab = (typeof STATUS_TABS)[number]
export { REVIEW_FILTERS } from '@/shared/lists/page-shield-index'

const statusOf = (tab: StatusTab | undefined) => (tab === 'all' ? [...RESOURCE_STATUSES] : (tab ?? 'active'))

/** per_page is 1–100 for these lists; newest sightings first unless the URL says otherwise. */
const paging = {
  orders: RESOURCE_ORDERS,
  orderKey: 'order_by',
  defaultSort: { id: 'last_seen_at', desc: true },
  defaultPerPage: 25,
  pageSizes: [25, 50, 100],
} as const

export const scriptsPage = listPage(scriptsQuery, {
  filters: ['hosts', 'urls', 'page_url'],
  urlOnly: {
    status: choice(STATUS_TABS),
    malicious_first: boolean(),
    review: scriptIndexQuery.fields.review,
    malicious_only: scriptIndexQuery.fields.malicious_only,
    payment_only: scriptIndexQuery.fields.payment_only,
  },
  map: (s) => ({ status: statusOf(s.status), prioritize_malicious: s.malicious_first ? true : undefined }),
  ...paging,
})
export type ScriptsSearch = ReturnType<typeof scriptsPage.parse>

export const connectionsPage = listPage(connectionsQuery, {
  filters: ['hosts', 'urls', 'page_url'],
  /** Verdicts on connections: answered by the dashboard's connection index. */
  urlOnly: { status: choice(STATUS_TABS), malicious_first: boolean(), review: connectionIndexQuery.fields.review },
  map: (s) => ({ status: statusOf(s.status), prioritize_malicious: s.malicious_first ? true : undefined }),
  ...paging,
})
export type ConnectionsSearch = ReturnType<typeof connectionsPage.parse>

export const cookiesPage = listPage(cookiesQuery, {
  filters: ['name', 'hosts', 'page_url', 'type', 'same_site', 'secure', 'http_only'],
  ...paging,
})
export type CookiesSearch = ReturnType<typeof cookiesPage.parse>

/**
 * The review ledger page (the dashboard's own list, not one of the API's): the route answers every
 * latest review at once (its query, `reviewLedgerQuery`, takes only a script's id for its history),
 * so the page filters by verdict and pages in the browser.
 */
export const reviewsPage = listPage(reviewLedgerQuery, {
  filters: [],
  urlOnly: { verdict: choice(REVIEW_VERDICTS) },
  paging: 'browser',
  defaultPerPage: 25,
  pageSizes: [25, 50, 100],
})
