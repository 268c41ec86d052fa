import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { PageHeader } from '@/components/ui/page-header'
import { formatDateTime, formatNumber } from '@/lib/format'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { indexingText, isIndexBuilding, scriptIndexOptions } from '../api/needs-review-scan'
import { useScripts } from '../api/resources'
import { useReviews } from '../api/reviews'
import { scriptsPage } from '../api/search'
import { needsClientFilter } from '../lib/script-view'
import { rememberListView } from '../lib/last-view'
import { checkedAgainstLedgerText, countedOverText } from '../lib/count-words'
import { ScriptsCsvButton } from './scripts-csv-button'
import { ScriptViewControls } from './script-view-controls'
import { MaliciousRuleNote } from './markers'
import { hostAndPageFilters } from './resource-columns'
import { getScriptColumns } from './script-columns'
import { keys } from '@/lib/query-keys'

// Payment pages and pattern verdicts (lists and forms) load when opened, not with the list's first paint.
const PagePatternsPanel = lazy(() => import('./page-patterns-panel').then((m) => ({ default: m.PagePatternsPanel })))

const route = getRouteApi('/zones/$zoneId/page-shield/scripts')
const EMPTY: PageShieldScript[] = []
const when = (ms: number) => (ms ? formatDateTime(new Date(ms).toISOString()) : 'never')
const FILTER_KEYS = [...scriptsPage.filters, ...scriptsPage.urlKeys]
const FILTERS = hostAndPageFilters(scriptsPage)

/** Detected scripts: status tabs, malicious only / first, review state, host / URL / page filters; all in the URL. */
export function ScriptsPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, scriptsPage)
  const { search } = state
  const scanning = needsClientFilter(search)
  useEffect(() => rememberListView(zoneId, 'scripts', search), [zoneId, search])
  const reviews = useReviews(zoneId)
  const list = useScripts(zoneId, search, !scanning)
  // Review state and "malicious only": the dashboard's index of every script of the zone, joined with the ledger.
  const scan = useQuery({ ...scriptIndexOptions(zoneId, search), enabled: scanning })
  const qc = useQueryClient()
  const [sweeping, setSweeping] = useState(false)
  const sweep = () => {
    setSweeping(true)
    void qc
      .fetchQuery(scriptIndexOptions(zoneId, search, 'full'))
      .then(() => qc.invalidateQueries({ queryKey: keys.pageShield.reviews(zoneId) }))
      .catch(() => undefined)
      .finally(() => setSweeping(false))
  }
  // Until the zone's scripts were read whole once, no row or count of the index is shown as the answer.
  const building = isIndexBuilding(scan.data) ? scan.data : undefined
  const answer = isIndexBuilding(scan.data) ? undefined : scan.data
  const rows = scanning ? (answer?.items ?? EMPTY) : (list.data?.result ?? EMPTY)
  const rowCount = scanning ? answer?.total_count : list.data?.resultInfo.total_count
  const statusText = search.status === 'all' ? 'any status' : `status ${search.status ?? 'active'}`

  const columns = useMemo(() => getScriptColumns(zoneId, reviews.data?.byScript), [zoneId, reviews.data])
  const table = useDataTable({ columns, data: rows, rowCount, urlState: state, getRowId: (s) => s.id })
  const active = scanning ? scan : list
  const [patternsOpen, setPatternsOpen] = useState(false)
  const byPattern = answer?.counts.by_pattern ?? 0

  return (
    <>
      <PageHeader
        title="Scripts"
        description="JavaScript files that visitors' browsers loaded on your pages, including ones from other sites. Open one to see its scores, versions and pages."
        actions={<ScriptsCsvButton zoneId={zoneId} search={search} />}
      />
      <MaliciousRuleNote />
      <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
        Mark the pages where visitors pay, and authorise every script from a trusted place at once.{' '}
        <Button variant="secondary" size="sm" aria-expanded={patternsOpen} aria-controls="page-patterns" onClick={() => setPatternsOpen((o) => !o)}>
          {patternsOpen ? 'Hide payment pages and pattern verdicts' : 'Payment pages and pattern verdicts'}
        </Button>
      </p>
      <div id="page-patterns">
        {patternsOpen && (
          <Suspense fallback={<Spinner label="Opening payment pages and pattern verdicts" />}>
            <PagePatternsPanel zoneId={zoneId} />
          </Suspense>
        )}
      </div>
      <ScriptViewControls state={state} counts={scanning ? answer?.counts : undefined} />
      {scanning && building && (
        <p role="status" className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
          {indexingText(building)}. The dashboard reads every script of the zone once before it answers review filters and counts, so
          that no count here covers only part of the zone.
        </p>
      )}
      {scanning && answer && (
        <p role="status" className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
          {search.payment_only && (
            <>
              Scripts on payment pages: {formatNumber(answer.counts.total)} of {formatNumber(answer.payment.of ?? answer.counts.total)} (
              {answer.payment.patterns.length
                ? `pages matching ${answer.payment.patterns.join(', ')}`
                : 'no payment page is marked for this zone yet, so none'}
              ; a script counts when one of the pages the API reports it was seen on matches: for most scripts that is only the first page it
              was seen on).{' '}
            </>
          )}
          {formatNumber(answer.total_count)} {answer.total_count === 1 ? 'script matches' : 'scripts match'} these filters ({statusText}
          {search.malicious_only ? ', malicious only' : ''}
          {search.payment_only ? ', payment pages only' : ''}), {countedOverText(answer.counts.total, 'script')} of the zone that
          match them before the review filter. Review: {formatNumber(answer.counts.new)} never reviewed,{' '}
          {formatNumber(answer.counts.changed)} changed since their review, {formatNumber(answer.counts.investigating)} marked Investigate (still
          needing review), {formatNumber(answer.counts.reviewed)} reviewed and done
          {byPattern ? ` (${formatNumber(byPattern)} of them by a pattern verdict)` : ''}.{' '}
          Script list last read {when(answer.index.refreshed_at)}, read whole {when(answer.index.full_sweep_at)}.{' '}
          <Button variant="secondary" size="sm" pending={sweeping} onClick={sweep}>
            Read the whole list again
          </Button>
        </p>
      )}
      <DataTableFilterBar table={table} state={state} extra={FILTERS} />
      <DataTable
        table={table}
        label="Detected scripts"
        itemLabel="scripts"
        isLoading={active.isPending || (scanning && building !== undefined)}
        isFetching={active.isFetching || (scanning && reviews.isFetching)}
        error={active.error ?? reviews.error}
        onRetry={() => void active.refetch()}
        pageSizes={scriptsPage.pageSizes}
        empty={
          <FilterableEmptyState
            state={state}
            filterKeys={FILTER_KEYS}
            noMatch={
              search.review
                ? {
                    title:
                      search.review === 'changed'
                        ? 'No script changed since its review'
                        : search.review === 'new'
                          ? 'No script here was never reviewed'
                          : 'Nothing needs review here',
                    description: answer
                      ? `${checkedAgainstLedgerText(answer.counts.total, 'script', statusText)}: ${
                          search.review === 'changed'
                            ? `none changed since its review (${formatNumber(answer.counts.new)} were never reviewed).`
                            : search.review === 'new'
                              ? `every one was reviewed (${formatNumber(answer.counts.changed)} changed since).`
                              : 'every one was reviewed and has not changed since.'
                        }`
                      : 'Every script matching these filters was reviewed and has not changed since.',
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
