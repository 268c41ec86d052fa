import { Card } from '@/components/ui/page-header'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { useToast } from '@/components/ui/toast'
import { missingCustomFieldOutputs, requiredCustomFieldOutputs, withCustomFieldOutputs } from '@/shared/log-fields/consistency'
import type { CustomFieldOutput } from '@/shared/log-fields/limits'
import type { LogpushJob } from '@/shared/schemas/logpush'
import type { Rule } from '@/shared/schemas/ruleset'
import { useLogJobs } from '../api/get-log-jobs'
import { useUpdateLogJob } from '../api/log-job-mutations'
import { useCanWrite } from '@/lib/access'

export const OUTPUT_MEANING: Record<CustomFieldOutput, string> = {
  RequestHeaders: 'custom request headers',
  ResponseHeaders: 'custom response headers',
  Cookies: 'custom cookies',
}

export const jobLabel = (j: LogpushJob) => (j.name ? `${j.name} (job ${j.id})` : `Job ${j.id}`)

/** The one-click fix: the job's field list with the missing outputs appended (PUT). */
export function FixJobButton({ zoneId, job, missing }: { zoneId: string; job: LogpushJob; missing: CustomFieldOutput[] }) {
  const toast = useToast()
  const update = useUpdateLogJob(zoneId)
  const can = useCanWrite('log-fields')
  const names = job.output_options?.field_names ?? []
  // Without the role the fix is not offered (the page's notice says why).
  if (!can.allowed) return null
  return (
    <Button
      size="sm"
      variant="primary"
      pending={update.isPending}
      onClick={() =>
        update.mutate(
          { id: job.id, changes: { output_options: { ...job.output_options, field_names: withCustomFieldOutputs(names, missing) } } },
          {
            onSuccess: () => toast.success(`${jobLabel(job)} updated`, `It now sends ${missing.join(', ')}.`),
            onError: (e) => toast.error(`${jobLabel(job)} not updated`, e),
          },
        )
      }
    >
      Add {missing.join(', ')}
      <span className="sr-only"> to {jobLabel(job)}</span>
    </Button>
  )
}

/**
 * Jobs whose field_names would drop the configured custom fields: custom fields reach a log job
 * only through RequestHeaders, ResponseHeaders and Cookies.
 */
export function ConsistencyPanel({ zoneId, rules }: { zoneId: string; rules: readonly Rule[] }) {
  const jobs = useLogJobs(zoneId)
  const required = requiredCustomFieldOutputs(rules)
  if (required.length === 0) return null
  if (jobs.isPending) return null
  if (jobs.isError) return <ErrorView error={jobs.error} onRetry={() => void jobs.refetch()} title="The log jobs could not be checked" />
  const flagged = jobs.data.map((job) => ({ job, missing: missingCustomFieldOutputs(job, required) })).filter((f) => f.missing.length > 0)
  return (
    <Card
      title="Log jobs and your custom fields"
      description={`Custom fields reach a log job only if its field list includes ${required.join(', ')}.`}
    >
      {flagged.length === 0 ? (
        <p className="text-sm text-emerald-800 dark:text-emerald-300">✓ Every http_requests log job includes {required.join(', ')}.</p>
      ) : (
        <ul className="space-y-3" aria-label="Log jobs that drop custom fields">
          {flagged.map(({ job, missing }) => (
            <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">
              <span>
                <strong>{jobLabel(job)}</strong> would drop your {missing.map((m) => OUTPUT_MEANING[m]).join(' and ')}: its fields lack {missing.join(', ')}.
              </span>
              <FixJobButton zoneId={zoneId} job={job} missing={missing} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
