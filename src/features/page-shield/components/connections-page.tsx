import { useEffect, useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { PageHeader } from '@/components/ui/page-header'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'
import { exportCsvUrl, resourceListParams, useConnections } from '../api/resources'
import { resourceTableOptions } from '../api/search'
import { CsvDownload, StatusTabs, ToggleFilter } from './list-controls'
import { ReportedMarker } from './markers'
import { isReportedMalicious } from '@/shared/page-shield/malicious'
import { HOST_AND_PAGE_FILTERS, seenColumns, statusColumn, urlColumn } from './resource-columns'
import { rememberListView } from '../lib/last-view'

const route = getRouteApi('/zones/$zoneId/page-shield/connections')
const EMPTY: PageShieldConnection[] = []
const FILTER_KEYS = ['hosts', 'urls', 'page_url', 'status', 'malicious_first']
const col = createDataTableColumnHelper<PageShieldConnection>()

function getConnectionColumns(zoneId: string) {
  return col.columns([
    urlColumn<PageShieldConnection>({
      header: 'Connection',
      placeholder: 'e.g. /collect',
      className: 'min-w-[13rem] sm:min-w-[22rem]',
      link: (c, props) => (
        <Link to="/zones/$zoneId/page-shield/connections/$connectionId" params={{ zoneId, connectionId: c.id }} {...props} />
      ),
      // On phones the rows are cards and the threat shows here, under the URL (the Threat column is left out of the card).
      narrowBelow: 'md',
      narrow: (c) =>
        isReportedMalicious(c) ? (
          <ReportedMarker item={c} />
        ) : (
          <span className="text-xs text-zinc-600 dark:text-zinc-300">Threat: no threat-feed report</span>
        ),
    }),
    col.display({ id: 'threat', header: 'Threat', meta: { card: 'hidden' }, cell: (info) => <ReportedMarker item={info.row.original} /> }),
    statusColumn<PageShieldConnection>(),
    ...seenColumns<PageShieldConnection>(),
  ])
}

/** Where scripts on the zone's pages send requests: threat-feed reports first on request, status tabs, filters; all in the URL. */
export function ConnectionsPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, resourceTableOptions)
  useEffect(() => rememberListView(zoneId, 'connections', state.search), [zoneId, state.search])
  const q = useConnections(zoneId, state.search)
  const columns = useMemo(() => getConnectionColumns(zoneId), [zoneId])
  const table = useDataTable({
    columns,
    data: q.data?.result ?? EMPTY,
    rowCount: q.data?.resultInfo.total_count,
    urlState: state,
    getRowId: (c) => c.id,
  })
  return (
    <>
      <PageHeader
        title="Connections"
        description="Addresses that scripts on your pages sent data to or fetched data from. A connection to an unknown or reported host can mean data is leaving your site."
        actions={<CsvDownload href={exportCsvUrl(zoneId, 'connections', resourceListParams(state.search))} what="connection" />}
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
      <DataTableFilterBar table={table} state={state} extra={HOST_AND_PAGE_FILTERS} />
      <DataTable
        table={table}
        label="Detected connections"
        cards
        itemLabel="connections"
        query={q}
        pageSizes={resourceTableOptions.pageSizes}
        empty={
          <FilterableEmptyState
            state={state}
            filterKeys={FILTER_KEYS}
            noMatch={{ title: 'No connection matches these filters' }}
            none={{ title: 'No connections detected yet' }}
          />
        }
      />
    </>
  )
}
