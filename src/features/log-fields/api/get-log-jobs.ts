import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { LogpushJob } from '@/shared/schemas/logpush'

/*
 * Typed by the shared schema but not parsed with it in the browser (as DNS records and zones):
 * parsing would put zod (~25 KB gzip) in the log pages' first load, and the dashboard's own
 * server is the one answering. The schema has no defaults or transforms to miss.
 */

/** All log jobs of the zone (the API answers them in one list, without paging). */
export const getLogJobs = (zoneId: string, signal?: AbortSignal) =>
  api.get<LogpushJob[]>(apiPath('/zones/:zone_id/logpush/jobs', { zone_id: zoneId }), { signal })

export const logJobsQueryOptions = (zoneId: string) =>
  queryOptions({ queryKey: ['logpush-jobs', zoneId], queryFn: ({ signal }) => getLogJobs(zoneId, signal) })

export const useLogJobs = (zoneId: string) => useQuery(logJobsQueryOptions(zoneId))
