import { queryOptions, useQuery } from '@tanstack/react-query'
import { keys } from './query-keys'
import { localCall } from './api-client'

/**
 * Change requests, the parts several screens share: whether a zone's changes need
 * approval (the DNS form asks before offering "Propose change"), and the request being gathered
 * ("3 changes in this request"), kept in the tab's session storage until it is sent (./change-draft,
 * re-exported here: the shell reads it on every page, and loads only it).
 */
export const zoneApprovalQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.changeRequests.zone(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/change-requests/zones/:zone_id', { path: { zone_id: zoneId }, signal }),
    staleTime: 30_000,
  })

export const useZoneApproval = (zoneId: string) => useQuery({ ...zoneApprovalQueryOptions(zoneId), enabled: zoneId !== '' })

/** Whether this person's saves on the zone become proposals. */
export function useProposing(zoneId: string): boolean {
  const a = useZoneApproval(zoneId).data
  return Boolean(a?.required && !a.mayWriteDirectly && a.mayPropose)
}

export { changeDraft, tooManyChanges, useChangeDraft } from './change-draft'
