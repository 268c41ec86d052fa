import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { certificatePackSchema } from '@/shared/schemas/certificate-pack'

export const getCertificatePack = (zoneId: string, packId: string, signal?: AbortSignal) =>
  api.get(`/zones/${zoneId}/ssl/certificate_packs/${encodeURIComponent(packId)}`, { schema: certificatePackSchema, signal })

export const certificatePackQueryOptions = (zoneId: string, packId: string) =>
  queryOptions({
    queryKey: ['certificate-packs', zoneId, 'detail', packId],
    queryFn: ({ signal }) => getCertificatePack(zoneId, packId, signal),
  })

export const useCertificatePack = (zoneId: string, packId: string) => useQuery(certificatePackQueryOptions(zoneId, packId))
