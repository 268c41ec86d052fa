import { useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatDateTime } from '@/lib/format'
import type { ReviewEntry } from '@/shared/schemas/page-shield-review'
import { ledgerCsvUrl, useReviews } from '../api/reviews'
import { reviewsPage } from '../api/search'
import { ConnectionLedgerTable } from './connection-ledger-table'
import { CsvDownload } from './list-controls'
import { ScoreValue, VerdictBadge } from './markers'
import { REVIEW_VERDICT_LABEL, REVIEW_VERDICTS } from '@/shared/page-shield/review-verdicts'
import { shorten } from './resource-columns'

const route = getRouteApi('/zones/$zoneId/page-shield/reviews')
const EMPTY: ReviewEntry[] = []
const col = createDataTableColumnHelper<ReviewEntry>()

function getLedgerColumns(zoneId: string) {
  return col.columns([
    col.accessor((r) => r.script.url, {
      id: 'script',
      header: 'Script',
      enableSorting: false,
      // Wide enough on a phone that a URL wraps at its slashes and dots, not letter by letter.
      meta: { className: 'min-w-[14rem]' },
      cell: (info) => (
        <Link
          to="/zones/$zoneId/page-shield/scripts/$scriptId"
          params={{ zoneId, scriptId: info.row.original.script_id }}
          title={info.getValue()}
          className="font-mono text-[0.8125rem] [overflow-wrap:anywhere] text-blue-700 hover:underline dark:text-blue-300"
        >
          {shorten(info.getValue())}
        </Link>
      ),
    }),
    col.accessor('verdict', {
      id: 'verdict',
      header: 'Verdict',
      enableSorting: false,
      meta: {
        filter: {
          kind: 'select',
          key: 'verdict',
          label: 'Verdict',
          allLabel: 'Any verdict',
          options: REVIEW_VERDICTS.map((value) => ({ value, label: REVIEW_VERDICT_LABEL[value] })),
        },
      },
      cell: (info) => <VerdictBadge verdict={info.getValue()} />,
    }),
    col.accessor('note', {
      id: 'note',
      header: 'Note',
      enableSorting: false,
      cell: (info) => <TruncatedText value={info.getValue()} max={80} />,
    }),
    col.accessor('reviewer', {
      id: 'reviewer',
      header: 'Reviewer',
      enableSorting: false,
      cell: (info) => {
        const pattern = info.row.original.pattern
        return (
          <span className="break-words">
            {info.getValue()}
            {/* An inherited verdict: the pattern verdict it came from (its author is the reviewer). */}
            {pattern && (
              <span className="block text-xs break-all text-zinc-700 dark:text-zinc-300">
                by pattern <span className="font-mono">{pattern.pattern}</span>
              </span>
            )}
          </span>
        )
      },
    }),
    col.accessor('reviewed_at', {
      id: 'reviewed_at',
      header: 'When',
      enableSorting: false,
      cell: (info) => formatDateTime(info.getValue()),
    }),
    col.accessor((r) => r.script.js_integrity_score, {
      id: 'score',
      header: 'Integrity then',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => <ScoreValue score={info.getValue()} />,
    }),
  ])
}

/** The review ledger: the latest verdict on every reviewed script, and the full history as CSV evidence. */
export function ReviewLedgerPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, reviewsPage)
  const q = useReviews(zoneId)
  const all = useMemo(
    () => (q.data?.list ?? EMPTY).filter((r) => !state.search.verdict || r.verdict === state.search.verdict),
    [q.data, state.search.verdict],
  )
  const { pageIndex, pageSize } = state.pagination
  const columns = useMemo(() => getLedgerColumns(zoneId), [zoneId])
  const table = useDataTable({
    columns,
    data: all.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize),
    rowCount: all.length,
    urlState: state,
    getRowId: (r) => String(r.id),
  })
  return (
    <>
      <PageHeader
        title="Review ledger"
        description="Who looked at which script or connection, when, and what they concluded. Kept by this dashboard (not by the API). The CSV holds every review ever recorded, scripts and connections (its kind column says which), with the script's fingerprint and scores, or the connection's threat status, at that moment."
        actions={<CsvDownload href={ledgerCsvUrl(zoneId)} what="review" />}
      />
      <DataTableFilterBar table={table} state={state} />
      <DataTable
        table={table}
        label="Latest review of each script"
        itemLabel="reviewed scripts"
        query={q}
        pageSizes={reviewsPage.pageSizes}
        empty={
          <EmptyState
            title="No reviews yet"
            description={
              <>
                Open a script and record a verdict: expected, to investigate, or malicious (remove). The{' '}
                <Link
                  to="/zones/$zoneId/page-shield/scripts"
                  params={{ zoneId }}
                  search={{ review: 'needs' }}
                  className="text-blue-700 underline dark:text-blue-300"
                >
                  scripts that need review
                </Link>{' '}
                are a good place to start.
              </>
            }
          />
        }
      />
      <div className="mt-6">
        <ConnectionLedgerTable zoneId={zoneId} />
      </div>
    </>
  )
}
