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
 * so the picker works the same with five zones or fifty thousand. `account`: another account's zones
 * (a grant in that account), asked through its credential and filtered to it (an agency's credential
 * reaches its other clients' zones too).
 */
export const zonePickQueryOptions = (text: string, account?: string) =>
  queryOptions({
    queryKey: keys.zones.pick(text, account),
    queryFn: ({ signal }) =>
      api.list<PickableZone>('/zones', {
        params: { name: text ? `contains:${text}` : undefined, 'account.id': account, per_page: ZONE_PICKS_SHOWN, order: 'name', direction: 'asc' },
        signal,
        account,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
