import { deleteColumn } from '@/components/data-table/delete-column'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { Badge } from '@/components/ui/badge'
import { TruncatedText } from '@/components/ui/truncated-text'
import { missingCustomFieldOutputs } from '@/shared/log-fields/consistency'
import type { CustomFieldOutput } from '@/shared/log-fields/limits'
import type { LogpushJob } from '@/shared/schemas/logpush'
import { formatDateTime } from '@/lib/format'
import { maskDestination } from '../lib/destination'
import { FixJobButton, jobLabel } from './consistency-panel'

const col = createDataTableColumnHelper<LogpushJob>()

/**
 * Columns of the jobs list. `required`: the outputs the configured custom fields need; `onDelete`
 * undefined: no delete column (the person may not change log jobs).
 */
export function getJobColumns(zoneId: string, required: CustomFieldOutput[], onDelete?: (job: LogpushJob) => void) {
  return col.columns([
    col.accessor((j) => j.name ?? '', {
      id: 'name',
      header: 'Job',
      enableSorting: false,
      cell: (info) => (
        <span>
          <span className="font-medium">{info.getValue() || 'Unnamed job'}</span>
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">id {info.row.original.id} · {info.row.original.dataset ?? 'http_requests'}</span>
        </span>
      ),
    }),
    col.accessor((j) => maskDestination(j.destination_conf), {
      id: 'destination_conf',
      header: 'Destination',
      enableSorting: false,
      cell: (info) => <TruncatedText value={info.getValue()} max={48} mono />,
    }),
    col.accessor('enabled', {
      id: 'enabled',
      header: 'State',
      enableSorting: false,
      cell: (info) => (info.getValue() ? <Badge tone="success">Pushing</Badge> : <Badge tone="neutral">Paused</Badge>),
    }),
    col.accessor((j) => j.output_options?.field_names ?? [], {
      id: 'field_names',
      header: 'Fields',
      enableSorting: false,
      cell: (info) => {
        const names = info.getValue()
        return names.length === 0 ? <span className="text-zinc-500 dark:text-zinc-400">Not listed</span> : <TruncatedText value={names.join(', ')} max={60} />
      },
    }),
    col.display({
      id: 'custom_fields',
      header: 'Custom fields',
      cell: (info) => {
        const job = info.row.original
        if ((job.dataset ?? 'http_requests') !== 'http_requests') return <span className="text-zinc-500 dark:text-zinc-400">Not for this dataset</span>
        if (required.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">None configured</span>
        const missing = missingCustomFieldOutputs(job, required)
        if (missing.length === 0) return <Badge tone="success">Included</Badge>
        return (
          <div className="flex flex-col items-start gap-1">
            <Badge tone="warning">Drops {missing.join(', ')}</Badge>
            <FixJobButton zoneId={zoneId} job={job} missing={missing} />
          </div>
        )
      },
    }),
    col.accessor((j) => j.last_complete ?? '', {
      id: 'last_complete',
      header: 'Last push',
      enableSorting: false,
      cell: (info) => {
        const job = info.row.original
        return (
          <span className="text-sm">
            {info.getValue() ? formatDateTime(info.getValue()) : <span className="text-zinc-500 dark:text-zinc-400">Never</span>}
            {job.error_message && (
              <span className="mt-1 block text-red-700 dark:text-red-300">
                Failed {formatDateTime(job.last_error)}: <TruncatedText value={job.error_message} max={60} />
              </span>
            )}
          </span>
        )
      },
    }),
    ...(onDelete ? [deleteColumn<LogpushJob>(jobLabel, onDelete)] : []),
  ])
}
