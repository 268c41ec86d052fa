import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import { api, apiPath } from '@/lib/api-client'
import type { Pool } from '@/shared/schemas/load-balancing'
import { resultInfo } from '@/shared/lists/result-info'

const byName = (a: Pool, b: Pool) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * One page of the account's pools in name order, the same window the bulk PATCH clears. The service
 * (and the sandbox) ignore paging and answer every pool: the page is then cut out here, in that order.
 * `schema` (the shared `poolSchema`) parses each pool: the migration passes it, since it acts on what
 * it reads. The table does not: parsing would put zod (~25 KB gzip) in the page's first load.
 */
export async function getPoolsPage(
  accountId: string,
  page: number,
  perPage: number,
  signal?: AbortSignal,
  schema?: ZodType<Pool>,
  work?: boolean,
) {
  const res = await api.list<Pool>(apiPath('/accounts/:account_id/load_balancers/pools', { account_id: accountId }), {
    params: { page, per_page: perPage },
    schema,
    signal,
    work,
  })
  const paged = res.resultInfo.page === page && res.resultInfo.per_page === perPage
  return paged ? res : cutPoolsPage(res.result, page, perPage)
}

/** One page of an answer holding every pool (what the service and the sandbox send), in name order. */
export function cutPoolsPage(pools: Pool[], page: number, perPage: number) {
  const sorted = [...pools].sort(byName)
  const total = sorted.length
  const result = sorted.slice((page - 1) * perPage, page * perPage)
  return {
    result,
    resultInfo: resultInfo({ page, perPage }, result.length, total),
  }
}

export const poolsQueryOptions = (accountId: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: ['lb-pools', accountId, { page, perPage }],
    queryFn: ({ signal }) => getPoolsPage(accountId, page, perPage, signal),
    placeholderData: keepPreviousData,
    enabled: !!accountId,
  })

export const usePools = (accountId: string, page: number, perPage: number) =>
  useQuery(poolsQueryOptions(accountId, page, perPage))
