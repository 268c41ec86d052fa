/**
 * The load-balancing pools list's query, once for the sandbox, the endpoint table and the
 * load-balancing page. No zod here: the browser's first load imports it.
 */
import { listQuery, text, type QueryOf } from './query'

/**
 * GET /accounts/:account_id/load_balancers/pools's query (api-notes §9.1, §13.12), read by the
 * sandbox (emulator/load-balancing/pools-routes.ts) and the load-balancing page's URL
 * (features/load-balancing/api/pools-search.ts): `monitor`, a monitor id matched exactly; the
 * account is in the path. The published schema has no paging parameters: the service answers every
 * pool at once, in name order, and ignores page and per_page. So they are not declared here (the
 * sandbox then ignores them as the service does, and refuses no `page=abc`), and the page pages in
 * the browser (`paging: 'browser'`, src/shared/lists/page.ts).
 */
export const poolsQuery = listQuery({
  monitor: text(),
})
export type PoolsQuery = QueryOf<typeof poolsQuery.fields>
