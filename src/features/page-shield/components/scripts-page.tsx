import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { PageHeader } from '@/components/ui/page-header'
import { formatNumber } from '@/lib/format'
import { needsReview } from '@/shared/page-shield/review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { NEEDS_REVIEW_SCAN_LIMIT, needsReviewScanOptions } from '../api/needs-review-scan'
import { exportCsvUrl, scriptsParams, useScripts } from '../api/resources'
import { useReviews } from '../api/reviews'
import { resourceTableOptions } from '../api/search'
import { CsvDownload, StatusTabs, ToggleFilter } from './list-controls'
import { MaliciousRuleNote } from './markers'
import { HOST_AND_PAGE_FILTERS } from './resource-columns'
import { getScriptColumns } from './script-columns'

const route = getRouteApi('/zones/$zoneId/page-shield/scripts')
const EMPTY: PageShieldScript[] = []
const FILTER_KEYS = ['hosts', 'urls', 'page_url', 'status', 'malicious_first', 'review']

/** Detected scripts: malicious first, status tabs, host / URL / page filters, review state; all in the URL. */
export function ScriptsPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, resourceTableOptions)
  const { search } = state
  const reviewMode = search.review === 'needs'
  const reviews = useReviews(zoneId)
  const list = useScripts(zoneId, search, !reviewMode)
  const scan = useQuery({ ...needsReviewScanOptions(zoneId, search), enabled: reviewMode })

  const needing = useMemo(
    () =>
      reviewMode && scan.data && reviews.data
        ? scan.data.items.filter((s) => needsReview(s, reviews.data.byScript.get(s.id)))
        : undefined,
    [reviewMode, scan.data, reviews.data],
  )
  const { pageIndex, pageSize } = state.pagination
  const rows = reviewMode
    ? (needing?.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) ?? EMPTY)
    : (list.data?.result ?? EMPTY)
  const rowCount = reviewMode ? needing?.length : list.data?.resultInfo.total_count

  const columns = useMemo(() => getScriptColumns(zoneId, reviews.data?.byScript), [zoneId, reviews.data])
  const table = useDataTable({ columns, data: rows, rowCount, urlState: state, getRowId: (s) => s.id })
  const active = reviewMode ? scan : list

  return (
    <>
      <PageHeader
        title="Scripts"
        description="JavaScript files that visitors' browsers loaded on your pages, including ones from other sites. Open one to see its scores, versions and pages."
        actions={<CsvDownload href={exportCsvUrl(zoneId, 'scripts', scriptsParams(search))} what="script" />}
      />
      <MaliciousRuleNote />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <StatusTabs state={state} />
        <ToggleFilter
          pressed={search.malicious_first === true}
          onChange={(on) => state.setFilter('malicious_first', on || undefined)}
          help="Scripts with an integrity score below 10 first, then those threat feeds report."
        >
          Malicious first
        </ToggleFilter>
        <ToggleFilter
          pressed={reviewMode}
          onChange={(on) => state.setFilter('review', on ? 'needs' : undefined)}
          help="Scripts never reviewed, or whose code or integrity score changed since their last review."
        >
          Needs review (new or changed)
        </ToggleFilter>
      </div>
      {reviewMode && scan.data && needing && (
        <p role="status" className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
          {formatNumber(needing.length)} of {formatNumber(scan.data.items.length)} scripts matching these filters are new or
          changed since their last review.
          {scan.data.truncated &&
            ` Only the first ${formatNumber(NEEDS_REVIEW_SCAN_LIMIT)} of ${formatNumber(scan.data.total)} were checked: narrow the filters to check the rest.`}
        </p>
      )}
      <DataTableFilterBar table={table} state={state} extra={HOST_AND_PAGE_FILTERS} />
      <DataTable
        table={table}
        label="Detected scripts"
        itemLabel="scripts"
        isLoading={active.isPending}
        isFetching={active.isFetching || (reviewMode && reviews.isFetching)}
        error={active.error ?? reviews.error}
        onRetry={() => void active.refetch()}
        pageSizes={resourceTableOptions.pageSizes}
        empty={
          <FilterableEmptyState
            state={state}
            filterKeys={FILTER_KEYS}
            noMatch={
              reviewMode
                ? {
                    title: 'Nothing needs review here',
                    description: 'Every script in this view was reviewed and has not changed since.',
                  }
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
