import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'
import { logpushJobSchema } from '@/shared/schemas/logpush'

/** All log jobs of the zone (the API answers them in one list, without paging). */
export const getLogJobs = (zoneId: string, signal?: AbortSignal) =>
  api.get(`/zones/${zoneId}/logpush/jobs`, { schema: z.array(logpushJobSchema), signal })

export const logJobsQueryOptions = (zoneId: string) =>
  queryOptions({ queryKey: ['logpush-jobs', zoneId], queryFn: ({ signal }) => getLogJobs(zoneId, signal) })

export const useLogJobs = (zoneId: string) => useQuery(logJobsQueryOptions(zoneId))
