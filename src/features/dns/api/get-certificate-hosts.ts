import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

/** Only what the record form's coverage check needs from a certificate pack (typed, not parsed). */
interface PackHosts {
  status: string
  hosts: string[]
}

/**
 * The host names on the zone's active certificate packs (every page): a proxied name none of them
 * covers gets a certificate error in visitors' browsers. The certificates area has its own queries
 * of the same packs; features do not share code, the rule itself is in src/shared/certificates.
 */
export async function getActiveCertificateHosts(zoneId: string, signal?: AbortSignal): Promise<string[]> {
  const hosts: string[] = []
  for (let page = 1; page <= 200; page++) {
    const { result, resultInfo } = await api.list<PackHosts>(
      apiPath('/zones/:zone_id/ssl/certificate_packs', { zone_id: zoneId }),
      {
        params: { status: 'all', page, per_page: 50 },
        signal,
      },
    )
    for (const p of result) if (p.status === 'active') hosts.push(...p.hosts)
    if (result.length < 50 || page >= resultInfo.total_pages) break
  }
  return hosts
}

export const activeCertificateHostsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.certificatePacks.activeHosts(zoneId),
    queryFn: ({ signal }) => getActiveCertificateHosts(zoneId, signal),
    staleTime: 60_000,
  })

/** Loaded only while `enabled` (the form's proxy switch is on). */
export const useActiveCertificateHosts = (zoneId: string, enabled: boolean) =>
  useQuery({ ...activeCertificateHostsQueryOptions(zoneId), enabled })
