import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { DNS_RECORDS } from './get-dns-records'
import { keys } from '@/lib/query-keys'

export interface DnsZoneFacts {
  /** A and AAAA records in the zone (the zone needs at least one). */
  addressRecords: number
  /** The automatic, read-only SOA record, when the zone has one. */
  soa: DnsRecord | null
}

/** Two one-row requests: the A/AAAA count (from `result_info.total_count`) and the SOA record. */
export async function getDnsZoneFacts(zoneId: string, signal?: AbortSignal): Promise<DnsZoneFacts> {
  const path = { zone_id: zoneId }
  const [addresses, soa] = await Promise.all([
    api.list<DnsRecord>(apiPath(DNS_RECORDS, path), { params: { type: ['A', 'AAAA'], per_page: 1 }, signal }),
    api.list<DnsRecord>(apiPath(DNS_RECORDS, path), { params: { type: 'SOA', per_page: 1 }, signal }),
  ])
  return { addressRecords: addresses.resultInfo.total_count, soa: soa.result[0] ?? null }
}

export const dnsZoneFactsQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.dnsRecords.facts(zoneId),
    queryFn: ({ signal }) => getDnsZoneFacts(zoneId, signal),
  })

export const useDnsZoneFacts = (zoneId: string) => useQuery(dnsZoneFactsQueryOptions(zoneId))
