import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, apiPath, localCall, type ApiPath, type QueryParams } from '@/lib/api-client'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { scriptsPage, type ScriptsSearch } from './search'
import { keys } from '@/lib/query-keys'

/*
 * The requests the scripts route starts in its loader: the route file imports these statically, so
 * that a visit asks for the first page at once instead of after a chunk of their own has arrived.
 * That puts them in every page's first load, so this file stays small (no mutations, no zod).
 */

/** One page of a read-only list; the previous page stays on screen while the next one loads. */
export const listOptions = <T>(key: readonly unknown[], path: ApiPath<'GET'>, params: QueryParams) =>
  queryOptions({
    queryKey: keys.pageShield.list(key, params),
    queryFn: ({ signal }) => api.list<T>(path, { params, signal }),
    placeholderData: keepPreviousData,
  })

export const scriptsQueryOptions = (zoneId: string, search: ScriptsSearch) =>
  listOptions<PageShieldScript>(
    keys.pageShield.scripts(zoneId),
    apiPath('/zones/:zone_id/page_shield/scripts', { zone_id: zoneId }),
    scriptsPage.apiParams(search),
  )

/** The latest review of every reviewed script of the zone, by script id. */
export const reviewsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.pageShield.latestReviews(zoneId),
    queryFn: async ({ signal }) => {
      const list = await localCall('GET', '/api/local/zones/:zone_id/page-shield/reviews', { path: { zone_id: zoneId }, signal })
      return { list, byScript: new Map(list.map((r) => [r.script_id, r])) }
    },
    staleTime: 60_000,
  })
