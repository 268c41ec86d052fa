import { createDataTableColumnHelper } from '@/components/data-table/features'
import { Badge } from '@/components/ui/badge'
import { formatDate } from '@/lib/format'
import { splitNotificationEmails } from '@/shared/load-balancing/notification-emails'
import type { Pool } from '@/shared/schemas/load-balancing'

const col = createDataTableColumnHelper<Pool>()

/** Columns of the pools table, legacy e-mail first after the name (the list is always by name). */
export const poolColumns = col.columns([
  col.accessor('name', { id: 'name', header: 'Pool', enableSorting: false, cell: (i) => <span className="font-medium wrap-anywhere">{i.getValue()}</span> }),
  col.accessor('notification_email', {
    id: 'notification_email',
    header: 'Legacy e-mail',
    enableSorting: false,
    cell: (i) => {
      const list = splitNotificationEmails(i.getValue())
      return list.length ? (
        <span className="flex flex-col gap-0.5">
          {list.map((a) => (
            <span key={a} className="wrap-anywhere">
              {a}
            </span>
          ))}
        </span>
      ) : (
        <span className="text-zinc-500 dark:text-zinc-400">None</span>
      )
    },
  }),
  col.accessor((p) => p.origins?.length ?? 0, { id: 'origins', header: 'Origins', enableSorting: false, meta: { align: 'end' } }),
  col.accessor((p) => p.enabled !== false, {
    id: 'enabled',
    header: 'State',
    enableSorting: false,
    cell: (i) => (i.getValue() ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>),
  }),
  col.accessor((p) => p.modified_on ?? '', { id: 'modified_on', header: 'Changed', enableSorting: false, cell: (i) => formatDate(i.getValue()) }),
])
