import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { connectionIndexQuery, connectionLedgerQuery } from '@/shared/lists/page-shield-index'
import { paramsOf } from '@/shared/lists/query'
import type { ConnectionReviewInput } from '@/shared/schemas/page-shield-review'
import { connectionsPage, type ConnectionsSearch } from './search'
import { keys } from '@/lib/query-keys'

// Verdicts on connections: the dashboard's own ledger (server/local/connection-reviews.ts).


/** The latest verdict on every reviewed connection of the zone, by connection id. */
export const connectionReviewsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.pageShield.latestConnectionReviews(zoneId),
    queryFn: async ({ signal }) => {
      const list = await localCall('GET', '/api/local/zones/:zone_id/page-shield/connection-reviews', { path: { zone_id: zoneId }, signal })
      return { list, byConnection: new Map(list.map((r) => [r.connection_id, r])) }
    },
    staleTime: 60_000,
  })
export const useConnectionReviews = (zoneId: string) => useQuery(connectionReviewsQueryOptions(zoneId))

export const useConnectionReviewHistory = (zoneId: string, connectionId: string) =>
  useQuery({
    queryKey: keys.pageShield.connectionReviewHistory(zoneId, connectionId),
    queryFn: ({ signal }) =>
      localCall('GET', '/api/local/zones/:zone_id/page-shield/connection-reviews', { path: { zone_id: zoneId }, params: paramsOf(connectionLedgerQuery.write({ connection_id: connectionId })), signal }),
  })

export function useCreateConnectionReview(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ConnectionReviewInput) => localCall('POST', '/api/local/zones/:zone_id/page-shield/connection-reviews', { path: { zone_id: zoneId }, body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.reviews(zoneId) }),
  })
}

export type { ConnectionIndexAnswer } from '@/shared/schemas/local'

/**
 * The index route's query, written by its declaration (connectionIndexQuery): the API's query of the
 * view (connectionsPage) plus its review filter, a URL-only key (see ./search.ts), and a refresh.
 */
export function connectionIndexParams(search: ConnectionsSearch, refresh?: 'full') {
  const { page, ...view } = connectionsPage.apiQuery(search)
  return paramsOf(connectionIndexQuery.write({ ...view, page: page === 'all' ? undefined : page, review: search.review, refresh }))
}

/** Under the reviews' key: a new verdict brings fresh counts. */
export const connectionIndexOptions = (zoneId: string, search: ConnectionsSearch, refresh?: 'full') => {
  const params = connectionIndexParams(search, refresh)
  return queryOptions({
    queryKey: keys.pageShield.connectionIndex(zoneId, params),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/page-shield/connection-index', { path: { zone_id: zoneId }, params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  })
}
