import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import { keys } from '@/lib/query-keys'

/** PATCH with an empty body: the API restarts validation of an advanced pack whose validation timed out. */
export const restartValidation = (zoneId: string, packId: string) =>
  api.patch<CertificatePack>(
    apiPath('/zones/:zone_id/ssl/certificate_packs/:certificate_pack_id', { zone_id: zoneId, certificate_pack_id: packId }),
    {},
  )

export function useRestartValidation(zoneId: string, packId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => restartValidation(zoneId, packId),
    onSuccess: (pack) => {
      qc.setQueryData(keys.certificatePacks.detail(zoneId, packId), pack)
      return qc.invalidateQueries({ queryKey: keys.certificatePacks.all(zoneId) })
    },
  })
}
