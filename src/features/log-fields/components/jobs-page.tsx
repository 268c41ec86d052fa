import { useMemo, useState } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { buttonClasses } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { useToast } from '@/components/ui/toast'
import { requiredCustomFieldOutputs } from '@/shared/log-fields/consistency'
import { pageSlice } from '@/shared/lists/page'
import type { LogpushJob } from '@/shared/schemas/logpush'
import { useCustomFieldsRuleset } from '../api/get-custom-fields-ruleset'
import { useLogJobs } from '../api/get-log-jobs'
import { logJobsPage } from '../api/log-jobs-search'
import { useDeleteLogJob } from '../api/log-job-mutations'
import { maskDestination } from '../lib/destination'
import { ConsistencyPanel, jobLabel } from './consistency-panel'
import { getJobColumns } from './job-columns'
import { useCanWrite } from '@/lib/access'

const route = getRouteApi('/zones/$zoneId/logs/jobs/')
const zoneApi = getRouteApi('/zones/$zoneId')
const EMPTY: LogpushJob[] = []
const getRowId = (j: LogpushJob) => String(j.id)

/** The zone's log jobs, whether each carries the custom fields, and delete with confirmation. */
export function LogJobsPage() {
  const { zoneId } = route.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  const state = useUrlTableState(route, logJobsPage)
  const jobs = useLogJobs(zoneId, state.search)
  const all = jobs.data ?? EMPTY
  // The service answers every job at once; the page is cut out here (100 a page, so one page for any real zone).
  const { page, perPage } = logJobsPage.pageOf(state.search)
  const rows = useMemo(() => pageSlice(all, { page, perPage }), [all, page, perPage])
  const ruleset = useCustomFieldsRuleset(zoneId)
  const rules = useMemo(() => ruleset.data?.rules ?? [], [ruleset.data])
  const required = useMemo(() => requiredCustomFieldOutputs(rules), [rules])
  const [toDelete, setToDelete] = useState<LogpushJob | null>(null)
  const del = useDeleteLogJob(zoneId)
  const toast = useToast()
  const canEdit = useCanWrite('log-fields').allowed
  const columns = useMemo(() => getJobColumns(zoneId, required, canEdit ? setToDelete : undefined), [zoneId, required, canEdit])
  const table = useDataTable({ columns, data: rows, rowCount: jobs.data?.length, urlState: state, getRowId })
  const newJob = canEdit ? (
    <Link to="/zones/$zoneId/logs/jobs/new" params={{ zoneId }} className={buttonClasses('primary')}>
      Create log job
    </Link>
  ) : undefined
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-300">
          Log jobs push this zone’s request logs to storage or a log service. Custom fields reach a job only through the fields RequestHeaders, ResponseHeaders and Cookies.
        </p>
        {newJob}
      </div>
      <ConsistencyPanel zoneId={zoneId} rules={rules} />
      <DataTable
        table={table}
        label={`Log jobs of ${zoneName}`}
        itemLabel="jobs"
        query={jobs}
        pageSizes={logJobsPage.pageSizes}
        hidePagination={all.length <= perPage}
        empty={<EmptyState title="No log jobs" description="This zone does not push its logs anywhere yet." action={newJob} />}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${jobLabel(toDelete)}?` : 'Delete job?'}
        consequence={
          toDelete
            ? `The job stops pushing logs to ${maskDestination(toDelete.destination_conf)}. Logs already delivered stay there; logs of the time without a job are not pushed later.`
            : ''
        }
        confirmLabel="Delete job"
        pending={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return
          const job = toDelete
          del.mutate(job.id, {
            onSuccess: () => {
              toast.success(`${jobLabel(job)} deleted`)
              setToDelete(null)
            },
            onError: (e) => toast.error('Job not deleted', e),
          })
        }}
      />
    </div>
  )
}
