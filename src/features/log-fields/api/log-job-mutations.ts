import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'
import { logpushJobSchema, type LogpushJobCreate, type LogpushJobUpdate } from '@/shared/schemas/logpush'

export const createLogJob = (zoneId: string, job: LogpushJobCreate) => api.post(`/zones/${zoneId}/logpush/jobs`, job, { schema: logpushJobSchema })

export const updateLogJob = (zoneId: string, jobId: number, changes: LogpushJobUpdate) =>
  api.put(`/zones/${zoneId}/logpush/jobs/${jobId}`, changes, { schema: logpushJobSchema })

export const deleteLogJob = (zoneId: string, jobId: number) =>
  api.delete(`/zones/${zoneId}/logpush/jobs/${jobId}`, { schema: z.object({ id: z.number() }) })

const useInvalidateJobs = (zoneId: string) => {
  const qc = useQueryClient()
  return () => void qc.invalidateQueries({ queryKey: ['logpush-jobs', zoneId] })
}

export function useCreateLogJob(zoneId: string) {
  const onSuccess = useInvalidateJobs(zoneId)
  return useMutation({ mutationFn: (job: LogpushJobCreate) => createLogJob(zoneId, job), onSuccess })
}

export function useUpdateLogJob(zoneId: string) {
  const onSuccess = useInvalidateJobs(zoneId)
  return useMutation({ mutationFn: ({ id, changes }: { id: number; changes: LogpushJobUpdate }) => updateLogJob(zoneId, id, changes), onSuccess })
}

export function useDeleteLogJob(zoneId: string) {
  const onSuccess = useInvalidateJobs(zoneId)
  return useMutation({ mutationFn: (id: number) => deleteLogJob(zoneId, id), onSuccess })
}
