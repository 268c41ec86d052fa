import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { buildQuery, local, localPath, type QueryParams } from '@/lib/api-client'
import { formatNumber } from '@/lib/format'
import { scriptIndexQuery } from '@/shared/lists/page-shield-index'
import { paramsOf } from '@/shared/lists/query'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { pageShieldKeys } from './keys'
import { scriptsPage, type ScriptsSearch } from './search'

// Apart from ./checks so the scripts list does not load the policy checks (CSP parser, draft check,
// suggestions) with its first paint.

/** Exact counts of the scripts matching a view (before its review filter), over the whole zone. */
export interface ScriptIndexCounts {
  total: number
  new: number
  changed: number
  /** Reviewed as they are now, verdict "Investigate" aside. */
  reviewed: number
  /** Reviewed with the verdict "Investigate": they still need review. */
  investigating: number
  malicious: number
  /** Of `reviewed`: verdicts inherited from a pattern verdict. */
  by_pattern: number
}

/** The dashboard's index of the zone's scripts, joined with the review ledger (server/local/script-index.ts). */
export interface ScriptIndexAnswer {
  items: PageShieldScript[]
  /** Scripts matching every filter of the view, review filter included. */
  total_count: number
  page: number
  per_page: number
  counts: ScriptIndexCounts
  /** When the index was last brought up to date, and last read whole (ms; 0: never). */
  index: { refreshed_at: number; full_sweep_at: number }
  /**
   * The zone's payment page patterns; with `payment_only`, `of` is how many scripts the view holds
   * without that scope (so the page says "scripts on payment pages: N of M").
   */
  payment: { patterns: string[]; of?: number }
}

/** Until the zone's scripts were read whole once: how far the first build is (server/local/script-index.ts). */
export interface ScriptIndexBuilding {
  building: { seen: number; total: number }
}
export type ScriptIndexReply = ScriptIndexAnswer | ScriptIndexBuilding
export const isIndexBuilding = (a: ScriptIndexReply | undefined): a is ScriptIndexBuilding => a !== undefined && 'building' in a

/** "Indexing scripts: 8,000 of 20,000": what a count or filter says while the first build runs. */
export const indexingText = ({ building: { seen, total } }: ScriptIndexBuilding) =>
  `Indexing scripts: ${formatNumber(seen)} of ${total ? formatNumber(total) : 'the zone'}`

const indexPath = (zoneId: string) => localPath('/api/local/zones/:zone_id/page-shield/script-index', { zone_id: zoneId })

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
    queryKey: [...pageShieldKeys.reviews(zoneId), 'index', params],
    queryFn: ({ signal }) => local.get<ScriptIndexReply>(indexPath(zoneId), { params, signal }),
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
