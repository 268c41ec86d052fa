import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { ALL_DNS_RECORD_TYPES } from '@/shared/dns/record-types'
import { keys } from '@/lib/query-keys'

export interface DnsRecordCounts {
  total: number
  /** Types with at least one record, most records first. */
  byType: { type: string; count: number }[]
}

/**
 * How many DNS records a zone has, per type. One small request per type (per_page=1) reads
 * `result_info.total_count`, so even a 10,000-record zone costs a few bytes per type.
 */
export async function getDnsRecordCounts(zoneId: string, signal?: AbortSignal): Promise<DnsRecordCounts> {
  const path = { zone_id: zoneId }
  const [all, ...perType] = await Promise.all([
    api.list(apiPath('/zones/:zone_id/dns_records', path), { params: { per_page: 1 }, signal }),
    ...ALL_DNS_RECORD_TYPES.map((type) =>
      api
        .list(apiPath('/zones/:zone_id/dns_records', path), { params: { type, per_page: 1 }, signal })
        .then((r) => ({ type, count: r.resultInfo.total_count })),
    ),
  ])
  return {
    total: all.resultInfo.total_count,
    byType: perType.filter((t) => t.count > 0).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)),
  }
}

export const dnsRecordCountsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.dnsRecords.counts(zoneId),
    queryFn: ({ signal }) => getDnsRecordCounts(zoneId, signal),
    staleTime: 30_000,
  })

export const useDnsRecordCounts = (zoneId: string) => useQuery(dnsRecordCountsQueryOptions(zoneId))
