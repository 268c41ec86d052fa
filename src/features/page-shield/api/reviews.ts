import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReviewEntry, ReviewInput } from '@/shared/schemas/page-shield-review'
import { pageShieldKeys } from './keys'
import { local, localPath } from '@/lib/api-client'

const ledger = (zoneId: string) => localPath('/api/local/zones/:zone_id/page-shield/reviews', { zone_id: zoneId })

/** The latest review of every reviewed script of the zone, by script id. */
export const reviewsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: [...pageShieldKeys.reviews(zoneId), 'latest'],
    queryFn: async ({ signal }) => {
      const list = await local.get<ReviewEntry[]>(ledger(zoneId), { signal })
      return { list, byScript: new Map(list.map((r) => [r.script_id, r])) }
    },
    staleTime: 60_000,
  })
export const useReviews = (zoneId: string) => useQuery(reviewsQueryOptions(zoneId))

export const useReviewHistory = (zoneId: string, scriptId: string) =>
  useQuery({
    queryKey: [...pageShieldKeys.reviews(zoneId), 'history', scriptId],
    queryFn: ({ signal }) => local.get<ReviewEntry[]>(ledger(zoneId), { params: { script_id: scriptId }, signal }),
  })

export function useCreateReview(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) => local.post<ReviewEntry>(ledger(zoneId), { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pageShieldKeys.reviews(zoneId) }),
  })
}

export const ledgerCsvUrl = (zoneId: string): string =>
  localPath('/api/local/zones/:zone_id/page-shield/reviews/export.csv', { zone_id: zoneId })
