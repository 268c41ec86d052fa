import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { Zone } from './zone-types'

export const getZone = (zoneId: string, signal?: AbortSignal) =>
  api.get<Zone>(apiPath('/zones/:zone_id', { zone_id: zoneId }), { signal })

export const zoneQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: ['zones', 'detail', zoneId],
    queryFn: ({ signal }) => getZone(zoneId, signal),
    staleTime: 30_000,
  })

export const useZone = (zoneId: string) => useQuery(zoneQueryOptions(zoneId))
