import { useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'
import { exportCsvUrl, useConnections } from '../api/resources'
import { pagingParams, resourceFilterParams, resourceTableOptions } from '../api/search'
import { CsvDownload, StatusTabs, ToggleFilter } from './list-controls'
import { ReportedMarker, StatusBadge } from './markers'
import { SeenDate, shorten } from './script-columns'

const route = getRouteApi('/zones/$zoneId/page-shield/connections')
const EMPTY: PageShieldConnection[] = []
const FILTER_KEYS = ['hosts', 'urls', 'page_url', 'status', 'malicious_first']
const col = createDataTableColumnHelper<PageShieldConnection>()

function getConnectionColumns(zoneId: string) {
  return col.columns([
    col.accessor('url', {
      id: 'url',
      header: 'Connection',
      enableSorting: false,
      meta: {
        filter: { kind: 'text', key: 'urls', label: 'URL contains', placeholder: 'e.g. /collect' },
        className: 'min-w-[22rem]',
      },
      cell: (info) => (
        <div className="min-w-0">
          <Link
            to="/zones/$zoneId/page-shield/connections/$connectionId"
            params={{ zoneId, connectionId: info.row.original.id }}
            title={info.getValue()}
            className="font-mono text-[0.8125rem] break-all text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
          >
            {shorten(info.getValue())}
          </Link>
          <span className="block text-xs break-all text-zinc-500 dark:text-zinc-400">{info.row.original.host}</span>
        </div>
      ),
    }),
    col.display({ id: 'threat', header: 'Threat', cell: (info) => <ReportedMarker item={info.row.original} /> }),
    col.accessor((c) => c.status ?? '', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    col.accessor('first_seen_at', {
      id: 'first_seen_at',
      header: 'First seen',
      cell: (info) => <SeenDate iso={info.getValue()} />,
    }),
    col.accessor('last_seen_at', { id: 'last_seen_at', header: 'Last seen', cell: (info) => <SeenDate iso={info.getValue()} /> }),
  ])
}

/** Where scripts on the zone's pages send requests: threat-feed reports first on request, status tabs, filters; all in the URL. */
export function ConnectionsPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, resourceTableOptions)
  const q = useConnections(zoneId, state.search)
  const columns = useMemo(() => getConnectionColumns(zoneId), [zoneId])
  const table = useDataTable({
    columns,
    data: q.data?.result ?? EMPTY,
    rowCount: q.data?.resultInfo.total_count,
    urlState: state,
    getRowId: (c) => c.id,
  })
  const filtered = FILTER_KEYS.some((k) => (state.search as Record<string, unknown>)[k] !== undefined)
  return (
    <>
      <PageHeader
        title="Connections"
        description="Addresses that scripts on your pages sent data to or fetched data from. A connection to an unknown or reported host can mean data is leaving your site."
        actions={
          <CsvDownload
            href={exportCsvUrl(zoneId, 'connections', { ...resourceFilterParams(state.search), ...pagingParams(state.search) })}
            what="connection"
          />
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <StatusTabs state={state} />
        <ToggleFilter
          pressed={state.search.malicious_first === true}
          onChange={(on) => state.setFilter('malicious_first', on || undefined)}
          help="Connections whose URL or domain threat feeds report, first."
        >
          Reported first
        </ToggleFilter>
      </div>
      <DataTableFilterBar
        table={table}
        state={state}
        extra={[
          { kind: 'text', key: 'hosts', label: 'Host (* for any part)', placeholder: 'e.g. *.stripe.com' },
          { kind: 'text', key: 'page_url', label: 'Seen on page (* for any part)', placeholder: 'e.g. *checkout*' },
        ]}
      />
      <DataTable
        table={table}
        label="Detected connections"
        itemLabel="connections"
        isLoading={q.isPending}
        isFetching={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        pageSizes={resourceTableOptions.pageSizes}
        empty={
          filtered ? (
            <EmptyState
              title="No connection matches these filters"
              action={<Button onClick={() => state.clearFilters(FILTER_KEYS)}>Clear filters</Button>}
            />
          ) : (
            <EmptyState title="No connections detected yet" />
          )
        }
      />
    </>
  )
}
