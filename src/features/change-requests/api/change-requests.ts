import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import type { ListScope } from './list-scopes'
import { keys } from '@/lib/query-keys'
import { changeRequestSummaryQueryOptions } from './summary'

export type { ListScope }

/** The dashboard's change-request routes (src/server/change-requests/routes.ts). */
export const changeRequestsQueryOptions = (scope: ListScope) =>
  queryOptions({
    queryKey: keys.changeRequests.list(scope),
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests', { params: { scope }, signal }),
  })
export const useChangeRequests = (scope: ListScope) => useQuery(changeRequestsQueryOptions(scope))

/** The asker's own requests that wait for them: rejected (read the comment), failed (read why), stale (refresh it). */
export const needingAttentionQueryOptions = () =>
  queryOptions({
    queryKey: keys.changeRequests.attention,
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests', { params: { scope: 'mine', status: ['stale', 'failed', 'rejected'] }, signal }),
  })
export const useNeedingAttention = (enabled: boolean) => useQuery({ ...needingAttentionQueryOptions(), enabled })

export { changeRequestSummaryQueryOptions }
export const useChangeRequestSummary = () => useQuery(changeRequestSummaryQueryOptions())

export const changeRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.changeRequests.one(id),
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests/:id', { path: { id }, signal }),
    // While it is being applied or undone (here, on another instance, or being recovered): asked again until it ends.
    refetchInterval: (q) => (q.state.data?.status === 'applying' || q.state.data?.status === 'undoing' ? 2000 : false),
  })
export const useChangeRequest = (id: string) => useQuery(changeRequestQueryOptions(id))

type Step = 'approve' | 'reject' | 'refresh' | 'undo' | 'done' | 'withdraw'

/** Approve (applies it), reject (with a comment), refresh (the requester), undo (an applied one), done (the requester puts a rejected or failed one aside), withdraw (the requester takes back a pending one). */
export function useChangeRequestStep(id: string, step: Step) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown> = {}) => localCall('POST', `/api/local/change-requests/:id/${step}`, { path: { id }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.changeRequests.all })
      void queryClient.invalidateQueries({ queryKey: keys.dnsRecords.everyZone })
    },
  })
}
