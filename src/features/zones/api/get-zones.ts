import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { Zone } from './zone-types'
import { zonesPage, type ZonesSearch } from './zones-search'
import { keys } from '@/lib/query-keys'

export const getZones = (search: ZonesSearch, signal?: AbortSignal) => api.list<Zone>('/zones', { params: zonesPage.apiQuery(search), signal })

export const zonesQueryOptions = (search: ZonesSearch) =>
  queryOptions({
    queryKey: keys.zones.list(zonesPage.apiQuery(search)),
    queryFn: ({ signal }) => getZones(search, signal),
    placeholderData: keepPreviousData,
  })

export const useZones = (search: ZonesSearch) => useQuery(zonesQueryOptions(search))

/** Zones whose name contains the text, for the zone switcher (first 20 by name). */
export const zoneSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: keys.zones.search(text),
    queryFn: ({ signal }) =>
      api.list<Zone>('/zones', { params: { name: text ? `contains:${text}` : undefined, per_page: 20, order: 'name', direction: 'asc' }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
