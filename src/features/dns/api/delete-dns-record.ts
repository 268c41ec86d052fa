import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

export const deleteDnsRecord = (zoneId: string, id: string) =>
  api.delete<{ id: string }>(apiPath('/zones/:zone_id/dns_records/:dns_record_id', { zone_id: zoneId, dns_record_id: id }))

export function useDeleteDnsRecord(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteDnsRecord(zoneId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) }),
  })
}
