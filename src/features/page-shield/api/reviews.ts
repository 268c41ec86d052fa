import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { keys } from '@/lib/query-keys'
import type { ReviewInput } from '@/shared/schemas/page-shield-review'
import { localCall, localPath } from '@/lib/api-client'
import { reviewLedgerQuery } from '@/shared/lists/page-shield-index'
import { paramsOf } from '@/shared/lists/query'
import { reviewsQueryOptions } from './list-queries'

export { reviewsQueryOptions }
export const useReviews = (zoneId: string) => useQuery(reviewsQueryOptions(zoneId))

export const useReviewHistory = (zoneId: string, scriptId: string) =>
  useQuery({
    queryKey: keys.pageShield.reviewHistory(zoneId, scriptId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/page-shield/reviews', { path: { zone_id: zoneId }, params: paramsOf(reviewLedgerQuery.write({ script_id: scriptId })), signal }),
  })

export function useCreateReview(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) => localCall('POST', '/api/local/zones/:zone_id/page-shield/reviews', { path: { zone_id: zoneId }, body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.reviews(zoneId) }),
  })
}

export const ledgerCsvUrl = (zoneId: string): string =>
  localPath('/api/local/zones/:zone_id/page-shield/reviews/export.csv', { zone_id: zoneId })
