import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReviewEntry, ReviewInput } from '@/shared/schemas/page-shield-review'
import { local, localPath } from '@/lib/api-client'
import { reviewLedgerQuery } from '@/shared/lists/page-shield-index'
import { paramsOf } from '@/shared/lists/query'
import { reviewLedger, reviewsQueryOptions } from './list-queries'
import { keys } from '@/lib/query-keys'

export { reviewsQueryOptions }
export const useReviews = (zoneId: string) => useQuery(reviewsQueryOptions(zoneId))

export const useReviewHistory = (zoneId: string, scriptId: string) =>
  useQuery({
    queryKey: keys.pageShield.reviewHistory(zoneId, scriptId),
    queryFn: ({ signal }) => local.get<ReviewEntry[]>(reviewLedger(zoneId), { params: paramsOf(reviewLedgerQuery.write({ script_id: scriptId })), signal }),
  })

export function useCreateReview(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) => local.post<ReviewEntry>(reviewLedger(zoneId), { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.reviews(zoneId) }),
  })
}

export const ledgerCsvUrl = (zoneId: string): string =>
  localPath('/api/local/zones/:zone_id/page-shield/reviews/export.csv', { zone_id: zoneId })
