import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { DnsRecord, DnsRecordInput } from '@/shared/schemas/dns-record'

export const createDnsRecord = (zoneId: string, body: DnsRecordInput) =>
  api.post<DnsRecord>(apiPath('/zones/:zone_id/dns_records', { zone_id: zoneId }), body)

export function useCreateDnsRecord(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DnsRecordInput) => createDnsRecord(zoneId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dns-records', zoneId] }),
  })
}
