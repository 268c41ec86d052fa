import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, apiPath, type ListResult } from '@/lib/api-client'
import { proxyStatusChange } from '@/shared/dns/proxiable'
import type { DnsRecord, DnsRecordPatch } from '@/shared/schemas/dns-record'
import { keys } from '@/lib/query-keys'

/** PATCH: only the fields sent change (the record's type cannot change). */
export const updateDnsRecord = (zoneId: string, id: string, body: DnsRecordPatch) =>
  api.patch<DnsRecord>(apiPath('/zones/:zone_id/dns_records/:dns_record_id', { zone_id: zoneId, dns_record_id: id }), body)

export function useUpdateDnsRecord(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DnsRecordPatch }) => updateDnsRecord(zoneId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) }),
  })
}

/** Writes a record into every cached list page that shows it. */
function patchCachedRow(queryClient: QueryClient, zoneId: string, id: string, change: (r: DnsRecord) => DnsRecord) {
  queryClient.setQueriesData<ListResult<DnsRecord>>({ queryKey: keys.dnsRecords.lists(zoneId) }, (page) =>
    page && page.result.some((r) => r.id === id)
      ? { ...page, result: page.result.map((r) => (r.id === id ? change(r) : r)) }
      : page,
  )
}

/**
 * The inline proxied switch: PATCH `{ proxied }`. The row flips at once (proxied records show TTL
 * Auto) and flips back if the API refuses.
 */
export function useSetProxied(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ record, proxied }: { record: DnsRecord; proxied: boolean }) => {
      const { settings } = proxyStatusChange(record, proxied)
      return updateDnsRecord(zoneId, record.id, settings ? { proxied, settings } : { proxied })
    },
    onMutate: async ({ record, proxied }) => {
      await queryClient.cancelQueries({ queryKey: keys.dnsRecords.lists(zoneId) })
      patchCachedRow(queryClient, zoneId, record.id, (r) => ({ ...r, ...proxyStatusChange(r, proxied) }))
    },
    onSuccess: (saved) => patchCachedRow(queryClient, zoneId, saved.id, () => saved),
    onError: (_err, { record }) => patchCachedRow(queryClient, zoneId, record.id, () => record),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) }),
  })
}
