import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { PageShieldSettings, PageShieldSettingsInput } from '@/shared/schemas/page-shield'
import { keys } from '@/lib/query-keys'

export const getPageShieldSettings = (zoneId: string, signal?: AbortSignal) =>
  api.get<PageShieldSettings | null>(apiPath('/zones/:zone_id/page_shield', { zone_id: zoneId }), { signal })

export const pageShieldSettingsQueryOptions = (zoneId: string) =>
  queryOptions({ queryKey: keys.pageShield.settings(zoneId), queryFn: ({ signal }) => getPageShieldSettings(zoneId, signal) })

export const usePageShieldSettings = (zoneId: string) => useQuery(pageShieldSettingsQueryOptions(zoneId))

export const updatePageShieldSettings = (zoneId: string, input: PageShieldSettingsInput) =>
  api.put<PageShieldSettings>(apiPath('/zones/:zone_id/page_shield', { zone_id: zoneId }), input)

export function useUpdatePageShieldSettings(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: PageShieldSettingsInput) => updatePageShieldSettings(zoneId, input),
    onSuccess: (settings) => qc.setQueryData(keys.pageShield.settings(zoneId), settings),
  })
}
