import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { LogpushJobCreate, LogpushJobUpdate } from '@/shared/schemas/logpush'
import { keys } from '@/lib/query-keys'

/** The answers' schemas (with zod) load with the first change, not with the log pages. */
const schemas = () => import('./answer-schemas')

export const createLogJob = async (zoneId: string, job: LogpushJobCreate) =>
  api.post(apiPath('/zones/:zone_id/logpush/jobs', { zone_id: zoneId }), job, { schema: (await schemas()).job })

export const updateLogJob = async (zoneId: string, jobId: number, changes: LogpushJobUpdate) =>
  api.put(apiPath('/zones/:zone_id/logpush/jobs/:job_id', { zone_id: zoneId, job_id: jobId }), changes, {
    schema: (await schemas()).job,
  })

export const deleteLogJob = async (zoneId: string, jobId: number) =>
  api.delete(apiPath('/zones/:zone_id/logpush/jobs/:job_id', { zone_id: zoneId, job_id: jobId }), {
    schema: (await schemas()).deletedJob,
  })

const useInvalidateJobs = (zoneId: string) => {
  const qc = useQueryClient()
  return () => void qc.invalidateQueries({ queryKey: keys.logpushJobs.all(zoneId) })
}

export function useCreateLogJob(zoneId: string) {
  const onSuccess = useInvalidateJobs(zoneId)
  return useMutation({ mutationFn: (job: LogpushJobCreate) => createLogJob(zoneId, job), onSuccess })
}

export function useUpdateLogJob(zoneId: string) {
  const onSuccess = useInvalidateJobs(zoneId)
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: LogpushJobUpdate }) => updateLogJob(zoneId, id, changes),
    onSuccess,
  })
}

export function useDeleteLogJob(zoneId: string) {
  const onSuccess = useInvalidateJobs(zoneId)
  return useMutation({ mutationFn: (id: number) => deleteLogJob(zoneId, id), onSuccess })
}
