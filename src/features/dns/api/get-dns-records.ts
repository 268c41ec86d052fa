import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { dnsPage, type DnsSearch } from './dns-search'
import { keys } from '@/lib/query-keys'

/*
 * Rows are typed by the shared `dnsRecordSchema` but not parsed with it in the browser: parsing would
 * put zod in the DNS page's first load, and the dashboard's own server is the one answering.
 */

/** The DNS records list's template (the table, the zone facts and the batch's selection read it). */
export const DNS_RECORDS = '/zones/:zone_id/dns_records'

export const getDnsRecords = (zoneId: string, search: DnsSearch, signal?: AbortSignal) =>
  api.list<DnsRecord>(apiPath(DNS_RECORDS, { zone_id: zoneId }), { params: dnsPage.apiQuery(search), signal })

/** One page of a zone's records; the previous page stays on screen while the next one loads. */
export const dnsRecordsQueryOptions = (zoneId: string, search: DnsSearch) =>
  queryOptions({
    queryKey: keys.dnsRecords.list(zoneId, dnsPage.apiQuery(search)),
    queryFn: ({ signal }) => getDnsRecords(zoneId, search, signal),
    placeholderData: keepPreviousData,
  })

export const useDnsRecords = (zoneId: string, search: DnsSearch) => useQuery(dnsRecordsQueryOptions(zoneId, search))
