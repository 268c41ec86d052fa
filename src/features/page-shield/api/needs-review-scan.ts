import { queryOptions } from '@tanstack/react-query'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { pageShieldKeys } from './keys'
import { collectList } from './resources'
import { pagingParams, resourceFilterParams, type ScriptsSearch } from './search'

// Apart from ./checks so the scripts list does not load the policy checks (CSP parser, draft check,
// suggestions) with its first paint.

export const NEEDS_REVIEW_SCAN_LIMIT = 2000

/** For "new or changed since review": every script of the current filters, in the current order (up to the scan limit). */
export const needsReviewScanOptions = (zoneId: string, search: ScriptsSearch) => {
  const { order_by, direction } = pagingParams(search)
  const params = { ...resourceFilterParams(search), order_by, direction }
  return queryOptions({
    queryKey: [...pageShieldKeys.scripts(zoneId), 'scan', params],
    queryFn: ({ signal }) =>
      collectList<PageShieldScript>(`/zones/${zoneId}/page_shield/scripts`, params, NEEDS_REVIEW_SCAN_LIMIT, signal),
    staleTime: 30_000,
  })
}
