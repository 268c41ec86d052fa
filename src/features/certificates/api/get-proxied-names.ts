import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/** Only what the coverage check needs from a DNS record (typed, not parsed: no zod in the page's first load). */
interface ProxiedRecord {
  name: string
  type: string
  proxied?: boolean
}

const PER_PAGE = 5000

/** The names of the zone's proxied DNS records (all pages): the names visitors reach over HTTPS through the service. */
export async function getProxiedNames(zoneId: string, signal?: AbortSignal): Promise<string[]> {
  const names = new Set<string>()
  for (let page = 1; page <= 1000; page++) {
    const { result, resultInfo } = await api.list<ProxiedRecord>(apiPath('/zones/:zone_id/dns_records', { zone_id: zoneId }), {
      params: { proxied: true, page, per_page: PER_PAGE },
      signal,
    })
    for (const r of result) if (r.proxied !== false) names.add(r.name)
    if (result.length < PER_PAGE || page >= resultInfo.total_pages) break
  }
  return [...names]
}

export const proxiedNamesQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.dnsRecords.proxiedNames(zoneId),
    queryFn: ({ signal }) => getProxiedNames(zoneId, signal),
  })

export const useProxiedNames = (zoneId: string) => useQuery(proxiedNamesQueryOptions(zoneId))
