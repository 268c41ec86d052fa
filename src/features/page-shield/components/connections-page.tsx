import { useEffect, useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { Button } from '@/components/ui/button'
import { PageHeader } from '@/components/ui/page-header'
import { formatDateTime, formatNumber } from '@/lib/format'
import { connectionReviewKind, threatChanges } from '@/shared/page-shield/connection-review'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'
import { connectionIndexOptions, useConnectionReviews, type ConnectionIndexAnswer } from '../api/connection-reviews'
import { exportCsvUrl, useConnections } from '../api/resources'
import { connectionsPage } from '../api/search'
import { CsvDownload, StatusTabs, ToggleFilter } from './list-controls'
import { ReportedMarker, ReviewBadge } from './markers'
import { ReviewFilterControls } from './review-filter'
import { isReportedMalicious } from '@/shared/page-shield/malicious'
import { hostAndPageFilters, seenColumns, statusColumn, urlColumn } from './resource-columns'
import { rememberListView } from '../lib/last-view'
import { checkedAgainstLedgerText, countedOverText } from '../lib/count-words'

const route = getRouteApi('/zones/$zoneId/page-shield/connections')
const EMPTY: PageShieldConnection[] = []
const FILTER_KEYS = [...connectionsPage.filters, ...connectionsPage.urlKeys]
const FILTERS = hostAndPageFilters(connectionsPage)
const col = createDataTableColumnHelper<PageShieldConnection>()
const when = (ms: number) => (ms ? formatDateTime(new Date(ms).toISOString()) : 'never')

type Latest = ReturnType<typeof useConnectionReviews>['data']
type ReviewOf = (c: PageShieldConnection) => Parameters<typeof ReviewBadge>[0]

/** A row's place in the ledger: from the index's answer when it gave one, else the latest verdicts and the row itself. */
const reviewOfRow =
  (latest: Latest, states: ConnectionIndexAnswer['states'] | undefined): ReviewOf =>
  (c) => {
    const s = states?.[c.id]
    if (s) return { kind: s.state, verdict: s.verdict, reviewer: s.reviewer }
    if (!latest) return { kind: undefined }
    const r = latest.byConnection.get(c.id)
    const kind = connectionReviewKind(c, r?.connection)
    return { kind, verdict: r?.verdict, reviewer: r?.reviewer, reasons: r && kind === 'changed' ? threatChanges(c, r.connection) : undefined }
  }

function getConnectionColumns(zoneId: string, reviewOf: ReviewOf) {
  return col.columns([
    urlColumn<PageShieldConnection>({
      page: connectionsPage,
      header: 'Connection',
      placeholder: 'e.g. /collect',
      className: 'min-w-[13rem] sm:min-w-[22rem]',
      link: (c, props) => (
        <Link to="/zones/$zoneId/page-shield/connections/$connectionId" params={{ zoneId, connectionId: c.id }} {...props} />
      ),
      // On phones the rows are cards and the threat and verdict show here, under the URL (their columns are left out of the card).
      narrowBelow: 'md',
      narrow: (c) => (
        <>
          {isReportedMalicious(c) ? (
            <ReportedMarker item={c} />
          ) : (
            <span className="text-xs text-zinc-600 dark:text-zinc-300">Threat: no threat-feed report</span>
          )}
          <ReviewBadge {...reviewOf(c)} />
        </>
      ),
    }),
    col.display({ id: 'threat', header: 'Threat', meta: { card: 'hidden' }, cell: (info) => <ReportedMarker item={info.row.original} /> }),
    col.display({ id: 'review', header: 'Verdict', meta: { card: 'hidden' }, cell: (info) => <ReviewBadge {...reviewOf(info.row.original)} /> }),
    statusColumn<PageShieldConnection>(),
    ...seenColumns<PageShieldConnection>(),
  ])
}

/** Where scripts on the zone's pages send requests: threat-feed reports first on request, review state, status tabs, filters; all in the URL. */
export function ConnectionsPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, connectionsPage)
  const { search } = state
  const indexed = search.review !== undefined
  useEffect(() => rememberListView(zoneId, 'connections', search), [zoneId, search])
  const q = useConnections(zoneId, search, !indexed)
  const latest = useConnectionReviews(zoneId)
  // A review filter: the dashboard's index of every connection of the zone, joined with the ledger.
  const index = useQuery({ ...connectionIndexOptions(zoneId, search), enabled: indexed })
  const answer = indexed ? index.data : undefined
  const qc = useQueryClient()
  const [sweeping, setSweeping] = useState(false)
  const sweep = () => {
    setSweeping(true)
    void qc
      .fetchQuery(connectionIndexOptions(zoneId, search, 'full'))
      .then(() => qc.invalidateQueries({ queryKey: connectionIndexOptions(zoneId, search).queryKey }))
      .catch(() => undefined)
      .finally(() => setSweeping(false))
  }
  const reviewOf = useMemo(() => reviewOfRow(latest.data, answer?.states), [latest.data, answer])
  const columns = useMemo(() => getConnectionColumns(zoneId, reviewOf), [zoneId, reviewOf])
  const table = useDataTable({
    columns,
    data: indexed ? (answer?.items ?? EMPTY) : (q.data?.result ?? EMPTY),
    rowCount: indexed ? answer?.total_count : q.data?.resultInfo.total_count,
    urlState: state,
    getRowId: (c) => c.id,
  })
  const active = indexed ? index : q
  const statusText = search.status === 'all' ? 'any status' : `status ${search.status ?? 'active'}`
  return (
    <>
      <PageHeader
        title="Connections"
        description="Addresses that scripts on your pages sent data to or fetched data from. A connection to an unknown or reported host can mean data is leaving your site."
        actions={<CsvDownload href={exportCsvUrl(zoneId, 'connections', connectionsPage.apiParams(search))} what="connection" />}
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <StatusTabs state={state} />
        <ToggleFilter
          pressed={search.malicious_first === true}
          onChange={(on) => state.setFilter('malicious_first', on || undefined)}
          help="Connections whose URL or domain threat feeds report, first."
        >
          Reported first
        </ToggleFilter>
        <ReviewFilterControls of="connections" value={state.search.review} onChange={(v) => state.setFilter('review', v)} counts={answer?.counts} />
      </div>
      {answer && (
        <p role="status" className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
          {formatNumber(answer.total_count)} {answer.total_count === 1 ? 'connection matches' : 'connections match'} these filters ({statusText}),
          {countedOverText(answer.counts.total, 'connection')} of the zone that match them before the review filter. Review:{' '}
          {formatNumber(answer.counts.new)} never reviewed, {formatNumber(answer.counts.changed)} changed since their review,{' '}
          {formatNumber(answer.counts.investigating)} marked Investigate (still needing review), {formatNumber(answer.counts.reviewed)}{' '}
          reviewed and done. Connection list read whole {when(answer.index.refreshed_at)}.{' '}
          <Button variant="secondary" size="sm" pending={sweeping} onClick={sweep}>
            Read the whole list again
          </Button>
        </p>
      )}
      <DataTableFilterBar table={table} state={state} extra={FILTERS} />
      <DataTable
        table={table}
        label="Detected connections"
        cards
        itemLabel="connections"
        isLoading={active.isPending}
        isFetching={active.isFetching}
        error={active.error}
        onRetry={() => void active.refetch()}
        pageSizes={connectionsPage.pageSizes}
        empty={
          <FilterableEmptyState
            state={state}
            filterKeys={FILTER_KEYS}
            noMatch={
              search.review && answer
                ? {
                    title: search.review === 'changed' ? 'No connection changed since its review' : search.review === 'new' ? 'Every connection here was reviewed' : 'Nothing needs review here',
                    description: `${checkedAgainstLedgerText(answer.counts.total, 'connection', statusText)}.`,
                  }
                : { title: 'No connection matches these filters' }
            }
            none={{ title: 'No connections detected yet' }}
          />
        }
      />
    </>
  )
}
