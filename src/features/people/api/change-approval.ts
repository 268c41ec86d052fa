import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import type { ZoneApprovalSettings } from '@/shared/schemas/change-requests'
import { keys } from '@/lib/query-keys'

/** Change approval on the People page: zones needing approval and their approvers, people allowed to propose. */
export type ApprovalZone = ZoneApprovalSettings & { zoneName: string }
export interface ProposeSetting {
  personId: string
  mayPropose: boolean
  email: string | null
}

export const approvalZonesQueryOptions = () =>
  queryOptions({
    queryKey: keys.changeRequests.zones,
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests/zones', { signal }),
  })
export const useApprovalZones = () => useQuery(approvalZonesQueryOptions())

export const proposeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: keys.changeRequests.people,
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests/people', { signal }),
  })
export const useProposeSettings = () => useQuery(proposeSettingsQueryOptions())

export function useSetZoneApproval() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ zoneId, ...s }: ZoneApprovalSettings) => localCall('PUT', '/api/local/change-requests/zones/:zone_id', { path: { zone_id: zoneId }, body: s }),
    // The People list's e-mail marks say who approves and who proposes: read again too.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: keys.changeRequests.all }), qc.invalidateQueries({ queryKey: keys.people.all })]),
  })
}

export function useSetProposing() {
  const qc = useQueryClient()
  return useMutation({
    // The switch alone: the person's address is changed where the person is (Change person, their account page).
    mutationFn: ({ personId, ...s }: Pick<ProposeSetting, 'personId' | 'mayPropose'>) => localCall('PUT', '/api/local/change-requests/people/:person_id', { path: { person_id: personId }, body: s }),
    // The People list's e-mail marks say who approves and who proposes: read again too.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: keys.changeRequests.all }), qc.invalidateQueries({ queryKey: keys.people.all })]),
  })
}
