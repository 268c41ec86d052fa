import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import { keys } from '@/lib/query-keys'

// Typed, not parsed, in the browser: see get-certificate-packs.ts.

export const getCertificatePack = (zoneId: string, packId: string, signal?: AbortSignal) =>
  api.get<CertificatePack>(
    apiPath('/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', { zone_id: zoneId, certificate_pack_id: packId }),
    { signal },
  )

export const certificatePackQueryOptions = (zoneId: string, packId: string) =>
  queryOptions({
    queryKey: keys.certificatePacks.detail(zoneId, packId),
    queryFn: ({ signal }) => getCertificatePack(zoneId, packId, signal),
  })

export const useCertificatePack = (zoneId: string, packId: string) => useQuery(certificatePackQueryOptions(zoneId, packId))
