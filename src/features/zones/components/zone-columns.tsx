import { Link } from '@tanstack/react-router'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { formatDate } from '@/lib/format'
import type { ZoneStatus } from '@/shared/lists/zones'
import { listFilter } from '@/components/data-table/list-filter'
import { zonesPage } from '../api/zones-search'
import type { Zone } from '../api/zone-types'
import { ZoneStatusBadge } from './zone-status'

const col = createDataTableColumnHelper<Zone>()
const STATUS_WORDS: Record<ZoneStatus, string> = { initializing: 'Initializing', pending: 'Pending', active: 'Active', moved: 'Moved' }

/** Columns of the zones table; ids double as the API's `order` values. */
export const zoneColumns = col.columns([
  col.accessor('name', {
    id: 'name',
    header: 'Name',
    meta: { filter: listFilter(zonesPage, 'name', { label: 'Zone name contains', placeholder: 'e.g. example' }) },
    cell: (info) => (
      <Link
        to="/zones/$zoneId"
        params={{ zoneId: info.row.original.id }}
        className="font-medium break-words text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  col.accessor('status', {
    id: 'status',
    header: 'Status',
    meta: { filter: listFilter(zonesPage, 'status', { label: 'Status', allLabel: 'Any status', optionLabels: STATUS_WORDS }) },
    cell: (info) => <ZoneStatusBadge status={info.getValue()} />,
  }),
  col.accessor((z) => z.plan?.name ?? '—', { id: 'plan', header: 'Plan', enableSorting: false }),
  col.accessor((z) => z.account.name, { id: 'account.name', header: 'Account' }),
  col.accessor((z) => z.name_servers.join(', '), {
    id: 'name_servers',
    header: 'Name servers',
    enableSorting: false,
    cell: (info) => (
      <span className="font-mono text-xs text-zinc-700 dark:text-zinc-300">
        {info.row.original.name_servers.map((ns) => (
          <span key={ns} className="block">
            {ns}
          </span>
        ))}
      </span>
    ),
  }),
  col.accessor('created_on', { id: 'created_on', header: 'Added', enableSorting: false, cell: (info) => formatDate(info.getValue()) }),
])
