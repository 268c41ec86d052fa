import { listPage } from '@/shared/lists/page'
import { poolsQuery } from '@/shared/lists/pools'
import { text } from '@/shared/lists/query'

/**
 * The load-balancing page's URL, derived from the pools list's one query (`poolsQuery`,
 * src/shared/lists/pools.ts): the account (when several; it goes into the API path, so it is a
 * URL-only key) and the pools table's page. The page offers no filter and no sort (pools are in
 * name order, the order the bulk clearing uses). The service answers every pool at once and
 * ignores paging, so the page is cut out in the browser. The page object is the route's
 * `validateSearch`, the table's URL options and the query's mapper.
 */
export const poolsPage = listPage(poolsQuery, {
  filters: [],
  urlOnly: { account: text() },
  paging: 'browser',
  defaultPerPage: 25,
  pageSizes: [25, 50, 100],
})
export type PoolsSearch = ReturnType<typeof poolsPage.parse>
