import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { buildQuery, localCall, localPath, type QueryParams } from '@/lib/api-client'
import { formatNumber } from '@/lib/format'
import { scriptIndexQuery } from '@/shared/lists/page-shield-index'
import { paramsOf } from '@/shared/lists/query'
import type { ScriptIndexBuilding, ScriptIndexReply } from '@/shared/schemas/local'
import { scriptsPage, type ScriptsSearch } from './search'
import { keys } from '@/lib/query-keys'

// Apart from ./checks so the scripts list does not load the policy checks (CSP parser, draft check,
// suggestions) with its first paint.

export type { ScriptIndexBuilding, ScriptIndexReply } from '@/shared/schemas/local'
export const isIndexBuilding = (a: ScriptIndexReply | undefined): a is ScriptIndexBuilding => a !== undefined && 'building' in a

/** "Indexing scripts: 8,000 of 20,000": what a count or filter says while the first build runs. */
export const indexingText = ({ building: { seen, total } }: ScriptIndexBuilding) =>
  `Indexing scripts: ${formatNumber(seen)} of ${total ? formatNumber(total) : 'the zone'}`

/**
 * The view's filters as the index route takes them, written by its declaration (scriptIndexQuery):
 * the API's query of the view (scriptsPage) plus review and malicious only, URL-only keys the API
 * does not have (see ./search.ts), and a refresh when asked for.
 */
export function scriptIndexParams(search: ScriptsSearch, refresh?: 'full' | 'quick') {
  const { page, ...view } = scriptsPage.apiQuery(search)
  return paramsOf(
    scriptIndexQuery.write({
      ...view,
      page: page === 'all' ? undefined : page,
      review: search.review,
      malicious_only: search.malicious_only || undefined,
      payment_only: search.payment_only || undefined,
      refresh,
    }),
  )
}

/**
 * One page of a view from the index, with exact counts over every script of the zone. Under the
 * reviews' key: a new review brings fresh counts.
 */
export const scriptIndexOptions = (zoneId: string, search: ScriptsSearch, refresh?: 'full') => {
  const params = scriptIndexParams(search, refresh)
  return queryOptions({
    queryKey: keys.pageShield.reviewIndex(zoneId, params),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/page-shield/script-index', { path: { zone_id: zoneId }, params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    // While the first build runs, ask again every second: the page shows its progress, then the answer.
    refetchInterval: (q) => (isIndexBuilding(q.state.data) ? 1_000 : false),
  })
}

/** The streamed CSV of every script of a view (no page, no cap). */
export function scriptIndexCsvUrl(zoneId: string, search: ScriptsSearch): string {
  const params: QueryParams = { ...scriptIndexParams(search), page: undefined, per_page: undefined }
  return `${localPath('/api/local/zones/:zone_id/page-shield/script-index/export.csv', { zone_id: zoneId })}${buildQuery(params)}`
}
