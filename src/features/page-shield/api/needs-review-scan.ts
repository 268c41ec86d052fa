import { apiPath } from '@/lib/api-client'
import { queryOptions } from '@tanstack/react-query'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { pageShieldKeys } from './keys'
import { collectList } from './resources'
import { pagingParams, resourceFilterParams, type ScriptsSearch } from './search'

// Apart from ./checks so the scripts list does not load the policy checks (CSP parser, draft check,
// suggestions) with its first paint.

/** How many scripts the list reads for the filters the API cannot apply (review state, malicious only). */
export const NEEDS_REVIEW_SCAN_LIMIT = 2000
/** How many scripts a CSV download of an unfiltered view reads at most. */
export const EXPORT_LIMIT = 10_000

/**
 * Every script of the current API filters, in the current order (up to `limit`). With "malicious
 * only", malicious scripts are asked for first, so a long list cannot push them past the limit.
 */
export const needsReviewScanOptions = (zoneId: string, search: ScriptsSearch, limit = NEEDS_REVIEW_SCAN_LIMIT) => {
  const { order_by, direction } = pagingParams(search)
  const filters = resourceFilterParams(search)
  const params = {
    ...filters,
    prioritize_malicious: search.malicious_only ? true : filters.prioritize_malicious,
    order_by,
    direction,
  }
  return queryOptions({
    queryKey: [...pageShieldKeys.scripts(zoneId), 'scan', params, limit],
    queryFn: ({ signal }) =>
      collectList<PageShieldScript>(apiPath('/zones/:zone_id/page_shield/scripts', { zone_id: zoneId }), params, limit, signal),
    staleTime: 30_000,
  })
}
