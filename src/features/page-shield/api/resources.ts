import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath, buildQuery, type ApiPath, type QueryParams } from '@/lib/api-client'
import type { PageShieldConnection, PageShieldCookie, PageShieldScriptDetail } from '@/shared/schemas/page-shield'
import { listOptions, scriptsQueryOptions } from './list-queries'
import { connectionsPage, cookiesPage, type ConnectionsSearch, type CookiesSearch, type ScriptsSearch } from './search'
import { keys } from '@/lib/query-keys'

// Lists and single items of detected scripts, connections and cookies (read-only in the API).
// The scripts list's options live in list-queries.ts (the route starts that request at once).
export { scriptsQueryOptions } from './list-queries'
export const useScripts = (zoneId: string, search: ScriptsSearch, enabled = true) =>
  useQuery({ ...scriptsQueryOptions(zoneId, search), enabled })

export const scriptQueryOptions = (zoneId: string, scriptId: string) =>
  queryOptions({
    queryKey: keys.pageShield.script(zoneId, scriptId),
    queryFn: ({ signal }) =>
      api.get<PageShieldScriptDetail>(
        apiPath('/zones/:zone_id/page_shield/scripts/:script_id', { zone_id: zoneId, script_id: scriptId }),
        { signal },
      ),
  })
export const useScript = (zoneId: string, scriptId: string) => useQuery(scriptQueryOptions(zoneId, scriptId))

export const connectionsQueryOptions = (zoneId: string, search: ConnectionsSearch) =>
  listOptions<PageShieldConnection>(
    keys.pageShield.connections(zoneId),
    apiPath('/zones/:zone_id/page_shield/connections', { zone_id: zoneId }),
    connectionsPage.apiParams(search),
  )
export const useConnections = (zoneId: string, search: ConnectionsSearch, enabled = true) =>
  useQuery({ ...connectionsQueryOptions(zoneId, search), enabled })

export const useConnection = (zoneId: string, id: string) =>
  useQuery({
    queryKey: keys.pageShield.connection(zoneId, id),
    queryFn: ({ signal }) =>
      api.get<PageShieldConnection>(
        apiPath('/zones/:zone_id/page_shield/connections/:connection_id', { zone_id: zoneId, connection_id: id }),
        { signal },
      ),
  })

export const cookiesQueryOptions = (zoneId: string, search: CookiesSearch) =>
  listOptions<PageShieldCookie>(
    keys.pageShield.cookies(zoneId),
    apiPath('/zones/:zone_id/page_shield/cookies', { zone_id: zoneId }),
    cookiesPage.apiParams(search),
  )
export const useCookies = (zoneId: string, search: CookiesSearch) => useQuery(cookiesQueryOptions(zoneId, search))

export const useCookie = (zoneId: string, id: string) =>
  useQuery({
    queryKey: keys.pageShield.cookie(zoneId, id),
    queryFn: ({ signal }) =>
      api.get<PageShieldCookie>(apiPath('/zones/:zone_id/page_shield/cookies/:cookie_id', { zone_id: zoneId, cookie_id: id }), {
        signal,
      }),
  })

/** The API's own CSV export of the current filters (every match, up to 50,000; no paging). */
export function exportCsvUrl(zoneId: string, kind: 'scripts' | 'connections' | 'cookies', params: QueryParams): string {
  const { page: _page, per_page: _perPage, ...rest } = params
  return `/api/v4/zones/${zoneId}/page_shield/${kind}${buildQuery({ ...rest, export: 'csv' })}`
}

/**
 * Every page of a list up to `max` items (100 per request), for checks that need the whole picture
 * (suggestions, draft check, "needs review"). Says whether it stopped early.
 */
export async function collectList<T>(
  path: ApiPath<'GET'>,
  params: QueryParams,
  max: number,
  signal?: AbortSignal,
): Promise<{ items: T[]; total: number; truncated: boolean }> {
  const items: T[] = []
  let total = 0
  for (let page = 1; items.length < max; page++) {
    const { result, resultInfo } = await api.list<T>(path, { params: { ...params, page, per_page: 100 }, signal })
    total = resultInfo.total_count
    items.push(...result)
    if (result.length < 100 || items.length >= total) break
  }
  return { items: items.slice(0, max), total, truncated: total > max }
}
