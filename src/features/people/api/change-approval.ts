import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { local, localPath } from '@/lib/api-client'
import type { ZoneApprovalSettings } from '@/shared/schemas/change-requests'

/** Change approval on the People page: zones needing approval and their approvers, people allowed to propose. */
export type ApprovalZone = ZoneApprovalSettings & { zoneName: string }
export interface ProposeSetting {
  personId: string
  mayPropose: boolean
  email: string | null
}

export const approvalZonesQueryOptions = () =>
  queryOptions({
    queryKey: ['change-requests', 'zones'],
    queryFn: ({ signal }) => local.get<ApprovalZone[]>('/api/local/change-requests/zones', { signal }),
  })
export const useApprovalZones = () => useQuery(approvalZonesQueryOptions())

export const proposeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['change-requests', 'people'],
    queryFn: ({ signal }) => local.get<ProposeSetting[]>('/api/local/change-requests/people', { signal }),
  })
export const useProposeSettings = () => useQuery(proposeSettingsQueryOptions())

export function useSetZoneApproval() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ zoneId, ...s }: ZoneApprovalSettings) => local.put<ZoneApprovalSettings>(localPath('/api/local/change-requests/zones/:zone_id', { zone_id: zoneId }), { body: s }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['change-requests'] }),
  })
}

export function useSetProposing() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ personId, ...s }: ProposeSetting) => local.put<ProposeSetting>(localPath('/api/local/change-requests/people/:person_id', { person_id: personId }), { body: s }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['change-requests'] }),
  })
}
