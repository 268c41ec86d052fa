import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { local, localPath } from '@/lib/api-client'
import type { ChangeRequestDetail, ChangeRequestView } from '@/shared/schemas/change-requests'
import type { ListScope } from './list-scopes'
import { keys } from '@/lib/query-keys'

export type { ListScope }

/** The dashboard's change-request routes (src/server/change-requests/routes.ts). */
export const changeRequestsQueryOptions = (scope: ListScope) =>
  queryOptions({
    queryKey: keys.changeRequests.list(scope),
    queryFn: ({ signal }) => local.get<ChangeRequestView[]>('/api/local/change-requests', { params: { scope }, signal }),
  })
export const useChangeRequests = (scope: ListScope) => useQuery(changeRequestsQueryOptions(scope))

/** The asker's own requests that wait for them: rejected (read the comment), failed (read why), stale (refresh it). */
export const needingAttentionQueryOptions = () =>
  queryOptions({
    queryKey: keys.changeRequests.attention,
    queryFn: ({ signal }) => local.get<ChangeRequestView[]>('/api/local/change-requests', { params: { scope: 'mine', status: ['stale', 'failed', 'rejected'] }, signal }),
  })
export const useNeedingAttention = (enabled: boolean) => useQuery({ ...needingAttentionQueryOptions(), enabled })

export const changeRequestSummaryQueryOptions = () =>
  queryOptions({
    queryKey: keys.changeRequests.summary,
    queryFn: ({ signal }) => local.get<{ toApprove: number; mineNeedingAttention: number }>('/api/local/change-requests/summary', { signal }),
    refetchInterval: 60_000,
  })
export const useChangeRequestSummary = () => useQuery(changeRequestSummaryQueryOptions())

export const changeRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: keys.changeRequests.one(id),
    queryFn: ({ signal }) => local.get<ChangeRequestDetail>(localPath('/api/local/change-requests/:id', { id }), { signal }),
    // While it is being applied or undone (here, on another instance, or being recovered): asked again until it ends.
    refetchInterval: (q) => (q.state.data?.status === 'applying' || q.state.data?.status === 'undoing' ? 2000 : false),
  })
export const useChangeRequest = (id: string) => useQuery(changeRequestQueryOptions(id))

type Step = 'approve' | 'reject' | 'refresh' | 'undo' | 'done' | 'withdraw'
const paths = {
  approve: (id: string) => localPath('/api/local/change-requests/:id/approve', { id }),
  reject: (id: string) => localPath('/api/local/change-requests/:id/reject', { id }),
  refresh: (id: string) => localPath('/api/local/change-requests/:id/refresh', { id }),
  undo: (id: string) => localPath('/api/local/change-requests/:id/undo', { id }),
  done: (id: string) => localPath('/api/local/change-requests/:id/done', { id }),
  withdraw: (id: string) => localPath('/api/local/change-requests/:id/withdraw', { id }),
}

/** Approve (applies it), reject (with a comment), refresh (the requester), undo (an applied one), done (the requester puts a rejected or failed one aside), withdraw (the requester takes back a pending one). */
export function useChangeRequestStep(id: string, step: Step) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown> = {}) => local.post<ChangeRequestView>(paths[step](id), { body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.changeRequests.all })
      void queryClient.invalidateQueries({ queryKey: keys.dnsRecords.everyZone })
    },
  })
}
