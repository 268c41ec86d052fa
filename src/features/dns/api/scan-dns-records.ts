import { queryOptions } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { FoundRecord, ReviewAnswer, ReviewBody } from '../lib/scan-review'
import { keys } from '@/lib/query-keys'

/** Starts a scan of public DNS for records the zone lacks (the service scans in the background). */
export const triggerDnsScan = (zoneId: string) => api.post<null>(apiPath('/zones/:zone_id/dns_records/scan/trigger', { zone_id: zoneId }), {})

/** What the scan has found so far, kept until accepted or rejected. */
export const dnsScanQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.dnsScan(zoneId),
    queryFn: ({ signal }) => api.list<FoundRecord>(apiPath('/zones/:zone_id/dns_records/scan/review', { zone_id: zoneId }), { signal }),
  })

/** Accepts (they become records) and rejects (they are dropped) found records, all or nothing. */
export const reviewDnsScan = (zoneId: string, body: ReviewBody) =>
  api.post<ReviewAnswer>(apiPath('/zones/:zone_id/dns_records/scan/review', { zone_id: zoneId }), body)
