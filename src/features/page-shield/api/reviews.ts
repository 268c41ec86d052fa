import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReviewEntry, ReviewInput } from '@/shared/schemas/page-shield-review'
import { pageShieldKeys } from './keys'
import { requestLocal } from '@/lib/api-client'

const base = (zoneId: string) => `/zones/${zoneId}/page-shield/reviews`

/** The latest review of every reviewed script of the zone, by script id. */
export const reviewsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: [...pageShieldKeys.reviews(zoneId), 'latest'],
    queryFn: async ({ signal }) => {
      const list = await requestLocal<ReviewEntry[]>('GET', `/api/local${base(zoneId)}`, undefined, signal)
      return { list, byScript: new Map(list.map((r) => [r.script_id, r])) }
    },
    staleTime: 60_000,
  })
export const useReviews = (zoneId: string) => useQuery(reviewsQueryOptions(zoneId))

export const useReviewHistory = (zoneId: string, scriptId: string) =>
  useQuery({
    queryKey: [...pageShieldKeys.reviews(zoneId), 'history', scriptId],
    queryFn: ({ signal }) =>
      requestLocal<ReviewEntry[]>('GET', `/api/local${base(zoneId)}?script_id=${encodeURIComponent(scriptId)}`, undefined, signal),
  })

export function useCreateReview(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) => requestLocal<ReviewEntry>('POST', `/api/local${base(zoneId)}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: pageShieldKeys.reviews(zoneId) }),
  })
}

export const ledgerCsvUrl = (zoneId: string) => `/api/local${base(zoneId)}/export.csv`
