import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { DnsRecord, DnsRecordInput } from '@/shared/schemas/dns-record'
import { dnsRecordsPath } from './get-dns-records'

export const createDnsRecord = (zoneId: string, body: DnsRecordInput) => api.post<DnsRecord>(dnsRecordsPath(zoneId), body)

export function useCreateDnsRecord(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DnsRecordInput) => createDnsRecord(zoneId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dns-records', zoneId] }),
  })
}
