import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { AsOfNotice } from '@/components/ui/budget-wait'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { useZones } from '../api/get-zones'
import type { Zone } from '../api/zone-types'
import { zonesPage } from '../api/zones-search'
import { zoneColumns } from './zone-columns'
import { ScopeNotice } from './scope-notice'

const route = getRouteApi('/zones')
const getRowId = (z: Zone) => z.id

/** The zones of the account: search by name, filter by status, sort, page; all kept in the URL. */
export function ZonesPage() {
  const state = useUrlTableState(route, zonesPage)
  const query = useZones(state.search)
  const table = useDataTable({
    columns: zoneColumns,
    data: query.data?.result ?? EMPTY,
    rowCount: query.data?.resultInfo.total_count,
    urlState: state,
    getRowId,
  })
  const filtered = zonesPage.filters.some((k) => state.search[k] !== undefined)
  return (
    <>
      <PageHeader
        title="Zones"
        description="A zone is a domain, such as example.com, whose DNS and traffic this account manages. Open one to see its records and settings."
        actions={
          <Link to="/attention" className="text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 dark:text-blue-300">
            What needs attention across your zones
          </Link>
        }
      />
      <ScopeNotice />
      {query.data?.asOf !== undefined && <AsOfNotice asOf={query.data.asOf} what="This list of zones" />}
      <DataTableFilterBar table={table} state={state} />
      <DataTable
        table={table}
        label="Zones"
        itemLabel="zones"
        query={query}
        pageSizes={zonesPage.pageSizes}
        empty={
          filtered ? (
            <EmptyState
              title="No zone matches these filters"
              description="Try a shorter part of the name, or another status."
              action={<Button onClick={() => state.clearFilters([...zonesPage.filters])}>Clear filters</Button>}
            />
          ) : (
            <EmptyState title="No zones yet" description="Zones added to this account appear here." />
          )
        }
      />
    </>
  )
}

const EMPTY: Zone[] = []
