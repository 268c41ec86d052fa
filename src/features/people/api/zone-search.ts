import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/** How many matching zones the picker lists at once: the rest are reached by typing more. */
export const ZONE_PICKS_SHOWN = 20

export interface PickableZone {
  id: string
  name: string
  status?: string
}

/**
 * Zones of the account whose name contains `text`, first ZONE_PICKS_SHOWN by name: the API filters,
 * so the picker works the same with five zones or fifty thousand.
 */
export const zonePickQueryOptions = (text: string) =>
  queryOptions({
    queryKey: keys.zones.pick(text),
    queryFn: ({ signal }) =>
      api.list<PickableZone>('/zones', {
        params: { name: text ? `contains:${text}` : undefined, per_page: ZONE_PICKS_SHOWN, order: 'name', direction: 'asc' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
