import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { LogJobsQuery } from '@/shared/lists/log-jobs'
import type { LogpushJob } from '@/shared/schemas/logpush'
import { logJobsPage, type LogJobsSearch } from './log-jobs-search'
import { keys } from '@/lib/query-keys'

/*
 * Typed by the shared schema but not parsed with it in the browser (as DNS records and zones):
 * parsing would put zod (~25 KB gzip) in the log pages' first load, and the dashboard's own
 * server is the one answering. The schema has no defaults or transforms to miss.
 */

/** All log jobs of the zone (the API answers them in one list, without paging). */
export const getLogJobs = (zoneId: string, params: LogJobsQuery, signal?: AbortSignal) =>
  api.get<LogpushJob[]>(apiPath('/zones/:zone_id/logpush/jobs', { zone_id: zoneId }), { params, signal })

/** Every job of the zone (`search`: the jobs page's URL, which adds nothing to the query; the page is cut out by the page). */
export const logJobsQueryOptions = (zoneId: string, search: LogJobsSearch = {}) =>
  queryOptions({
    queryKey: keys.logpushJobs.list(zoneId, logJobsPage.apiQuery(search)),
    queryFn: ({ signal }) => getLogJobs(zoneId, logJobsPage.apiQuery(search), signal),
  })

export const useLogJobs = (zoneId: string, search?: LogJobsSearch) => useQuery(logJobsQueryOptions(zoneId, search))
