import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { DnsImportResult } from '@/shared/schemas/dns-record'

/**
 * POST multipart `file` + `proxied`. The sandbox answers which lines were added and which were
 * refused (line, text, code, reason); a service that only sends the counts still works.
 */
export function importDnsRecords(zoneId: string, file: Blob, proxied: boolean): Promise<DnsImportResult> {
  const form = new FormData()
  form.append('file', file)
  form.append('proxied', proxied ? 'true' : 'false')
  return api.post<DnsImportResult>(apiPath('/zones/:zone_id/dns_records/import', { zone_id: zoneId }), form)
}

export function useImportDnsRecords(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, proxied }: { file: Blob; proxied: boolean }) => importDnsRecords(zoneId, file, proxied),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dns-records', zoneId] }),
  })
}
