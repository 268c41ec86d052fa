import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { Zone } from './zone-types'
import { keys } from '@/lib/query-keys'

/**
 * A zone as read: `asOf` is set when the server answered from what it keeps because the team's API
 * budget is low (when it was read from the API, ms since the epoch); absent for a fresh answer.
 */
export type ZoneRead = Zone & { asOf?: number }

export const getZone = async (zoneId: string, signal?: AbortSignal): Promise<ZoneRead> => {
  const { result, asOf } = await api.read<Zone>(apiPath('/zones/:zone_id', { zone_id: zoneId }), { signal })
  return asOf === undefined ? result : { ...result, asOf }
}

export const zoneQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.zones.detail(zoneId),
    queryFn: ({ signal }) => getZone(zoneId, signal),
    staleTime: 30_000,
  })

export const useZone = (zoneId: string) => useQuery(zoneQueryOptions(zoneId))
