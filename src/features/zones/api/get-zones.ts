import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { activeAccount } from '@/lib/account'
import { api } from '@/lib/api-client'
import type { Zone } from './zone-types'
import { zonesPage, type ZonesSearch } from './zones-search'
import { keys } from '@/lib/query-keys'

/** The zones of the account acted in (a credential may reach several accounts), unless the page filters by another. */
const inAccount = () => {
  const account = activeAccount()
  return account ? { 'account.id': account } : {}
}

export const getZones = (search: ZonesSearch, signal?: AbortSignal) => api.list<Zone>('/zones', { params: { ...inAccount(), ...zonesPage.apiQuery(search) }, signal })

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
      api.list<Zone>('/zones', { params: { ...inAccount(), name: text ? `contains:${text}` : undefined, per_page: 20, order: 'name', direction: 'asc' }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
