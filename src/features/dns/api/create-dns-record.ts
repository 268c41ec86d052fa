import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { ApiResult } from '@/shared/endpoints/routes'
import type { DnsRecordInput } from '@/shared/schemas/dns-record'
import { keys } from '@/lib/query-keys'

/** Its result type comes from the endpoint table's `result` schema (types only: no zod in the bundle). */
export const createDnsRecord = (zoneId: string, body: DnsRecordInput) =>
  api.post<ApiResult<'POST', '/zones/:zone_id/dns_records'>>(apiPath('/zones/:zone_id/dns_records', { zone_id: zoneId }), body)

export function useCreateDnsRecord(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DnsRecordInput) => createDnsRecord(zoneId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) }),
  })
}
