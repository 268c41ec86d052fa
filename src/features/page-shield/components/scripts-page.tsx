import { useEffect, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { PageHeader } from '@/components/ui/page-header'
import { formatNumber } from '@/lib/format'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { NEEDS_REVIEW_SCAN_LIMIT, needsReviewScanOptions } from '../api/needs-review-scan'
import { useScripts } from '../api/resources'
import { useReviews } from '../api/reviews'
import { resourceTableOptions } from '../api/search'
import { filterScripts, needsClientFilter } from '../lib/script-view'
import { rememberListView } from '../lib/last-view'
import { ScriptsCsvButton } from './scripts-csv-button'
import { ScriptViewControls } from './script-view-controls'
import { MaliciousRuleNote } from './markers'
import { HOST_AND_PAGE_FILTERS } from './resource-columns'
import { getScriptColumns } from './script-columns'

const route = getRouteApi('/zones/$zoneId/page-shield/scripts')
const EMPTY: PageShieldScript[] = []
const FILTER_KEYS = ['hosts', 'urls', 'page_url', 'status', 'malicious_first', 'malicious_only', 'review']

/** Detected scripts: status tabs, malicious only / first, review state, host / URL / page filters; all in the URL. */
export function ScriptsPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, resourceTableOptions)
  const { search } = state
  const scanning = needsClientFilter(search)
  useEffect(() => rememberListView(zoneId, 'scripts', search), [zoneId, search])
  const reviews = useReviews(zoneId)
  const list = useScripts(zoneId, search, !scanning)
  const scan = useQuery({ ...needsReviewScanOptions(zoneId, search), enabled: scanning })

  const filtered = useMemo(
    () =>
      scanning && scan.data && reviews.data
        ? filterScripts(scan.data.items, search, (id) => reviews.data.byScript.get(id))
        : undefined,
    [scanning, scan.data, reviews.data, search],
  )
  const { pageIndex, pageSize } = state.pagination
  const rows = scanning
    ? (filtered?.rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) ?? EMPTY)
    : (list.data?.result ?? EMPTY)
  const rowCount = scanning ? filtered?.rows.length : list.data?.resultInfo.total_count

  const columns = useMemo(() => getScriptColumns(zoneId, reviews.data?.byScript), [zoneId, reviews.data])
  const table = useDataTable({ columns, data: rows, rowCount, urlState: state, getRowId: (s) => s.id })
  const active = scanning ? scan : list

  return (
    <>
      <PageHeader
        title="Scripts"
        description="JavaScript files that visitors' browsers loaded on your pages, including ones from other sites. Open one to see its scores, versions and pages."
        actions={<ScriptsCsvButton zoneId={zoneId} search={search} />}
      />
      <MaliciousRuleNote />
      <ScriptViewControls state={state} counts={filtered?.counts} />
      {scanning && scan.data && filtered && (
        <p role="status" className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
          {formatNumber(filtered.rows.length)} of {formatNumber(scan.data.items.length)} scripts matching these filters are shown
          {search.malicious_only ? ` (${formatNumber(filtered.before)} malicious)` : ''}. Review: {formatNumber(filtered.counts.new)} never
          reviewed, {formatNumber(filtered.counts.changed)} changed since their review.
          {scan.data.truncated &&
            ` Only the first ${formatNumber(NEEDS_REVIEW_SCAN_LIMIT)} of ${formatNumber(scan.data.total)} were read: narrow the filters to see the rest.`}
        </p>
      )}
      <DataTableFilterBar table={table} state={state} extra={HOST_AND_PAGE_FILTERS} />
      <DataTable
        table={table}
        label="Detected scripts"
        itemLabel="scripts"
        isLoading={active.isPending}
        isFetching={active.isFetching || (scanning && reviews.isFetching)}
        error={active.error ?? reviews.error}
        onRetry={() => void active.refetch()}
        pageSizes={resourceTableOptions.pageSizes}
        empty={
          <FilterableEmptyState
            state={state}
            filterKeys={FILTER_KEYS}
            noMatch={
              search.review
                ? {
                    title: 'Nothing needs review here',
                    description: 'Every script in this view was reviewed and has not changed since.',
                  }
                : search.malicious_only
                  ? { title: 'No malicious script here', description: 'No script in this view has an integrity score below 10.' }
                : { title: 'No script matches these filters', description: 'Try another status tab, or a shorter host or URL.' }
            }
            none={{
              title: 'No scripts detected yet',
              description: 'Scripts appear here once monitoring is on and visitors load your pages.',
            }}
          />
        }
      />
    </>
  )
}
