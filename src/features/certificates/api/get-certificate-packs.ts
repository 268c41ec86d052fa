import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import type { CertificatePacksQuery } from '@/shared/lists/certificate-packs'
import { certificatePacksPage, type CertificatePacksSearch } from './certificate-packs-search'
import { keys } from '@/lib/query-keys'

/*
 * Packs are typed by the shared `certificatePackSchema` but not parsed with it in the browser (as DNS
 * records and zones): parsing would put zod (~25 KB gzip) in the page's first load, and the
 * dashboard's own server is the one answering. The schema has no defaults or transforms to miss.
 */

export const getCertificatePacks = (zoneId: string, params: CertificatePacksQuery, signal?: AbortSignal) =>
  api.list<CertificatePack>(apiPath('/zones/:zone_id/ssl/certificate_packs', { zone_id: zoneId }), { params, signal })

/** One page of the table (the status filter and paging from the URL). */
export const certificatePacksQueryOptions = (zoneId: string, search: CertificatePacksSearch) =>
  queryOptions({
    queryKey: keys.certificatePacks.list(zoneId, certificatePacksPage.apiQuery(search)),
    queryFn: ({ signal }) => getCertificatePacks(zoneId, certificatePacksPage.apiQuery(search), signal),
    placeholderData: keepPreviousData,
  })

export const useCertificatePacks = (zoneId: string, search: CertificatePacksSearch) =>
  useQuery(certificatePacksQueryOptions(zoneId, search))

/** Every pack of every status, all pages: what the expiry and coverage checks look at. */
export async function getAllCertificatePacks(zoneId: string, signal?: AbortSignal): Promise<CertificatePack[]> {
  const all: CertificatePack[] = []
  for (let page = 1; page <= 200; page++) {
    const { result, resultInfo } = await getCertificatePacks(zoneId, { status: 'all', page, per_page: 50 }, signal)
    all.push(...result)
    if (result.length < 50 || page >= resultInfo.total_pages) break
  }
  return all
}

export const allCertificatePacksQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.certificatePacks.allPages(zoneId),
    queryFn: ({ signal }) => getAllCertificatePacks(zoneId, signal),
  })

export const useAllCertificatePacks = (zoneId: string) => useQuery(allCertificatePacksQueryOptions(zoneId))
