import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import { api, apiPath } from '@/lib/api-client'
import type { Pool } from '@/shared/schemas/load-balancing'
import { pageSlice, type PageWindow } from '@/shared/lists/page'
import type { PoolsQuery } from '@/shared/lists/pools'
import { resultInfo } from '@/shared/lists/result-info'
import { poolsPage, type PoolsSearch } from './pools-search'
import { keys } from '@/lib/query-keys'

const byName = (a: Pool, b: Pool) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * Every pool of the account matching `params`: the service (and the sandbox) answer them all at
 * once and have no paging (src/shared/lists/pools.ts). `schema` (the shared `poolSchema`) parses
 * each pool: the migration passes it, since it acts on what it reads. The table does not: parsing
 * would put zod (~25 KB gzip) in the page's first load.
 */
export const getPools = (
  accountId: string,
  params: PoolsQuery,
  opts: { signal?: AbortSignal; schema?: ZodType<Pool>; work?: boolean } = {},
) => api.list<Pool>(apiPath('/accounts/:account_id/load_balancers/pools', { account_id: accountId }), { params, ...opts })

/** One page of the account's pools in name order, the same window the bulk PATCH clears. */
export async function getPoolsPage(
  accountId: string,
  page: number,
  perPage: number,
  signal?: AbortSignal,
  schema?: ZodType<Pool>,
  work?: boolean,
) {
  const res = await getPools(accountId, {}, { signal, schema, work })
  return cutPoolsPage(res.result, { page, perPage })
}

/** One page of an answer holding every pool (what the service and the sandbox send), in name order. */
export function cutPoolsPage(pools: Pool[], shown: PageWindow) {
  const result = pageSlice([...pools].sort(byName), shown)
  return { result, resultInfo: resultInfo(shown, result.length, pools.length) }
}

export const poolsQueryOptions = (accountId: string, search: PoolsSearch) => {
  const params = poolsPage.apiQuery(search)
  const shown = poolsPage.pageOf(search)
  return queryOptions({
    queryKey: keys.lb.poolList(accountId, params, shown),
    queryFn: async ({ signal }) => cutPoolsPage((await getPools(accountId, params, { signal })).result, shown),
    placeholderData: keepPreviousData,
    enabled: !!accountId,
  })
}

export const usePools = (accountId: string, search: PoolsSearch) => useQuery(poolsQueryOptions(accountId, search))
