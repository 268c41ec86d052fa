import { Link } from '@tanstack/react-router'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { reviewState } from '@/shared/page-shield/review'
import type { ReviewEntry } from '@/shared/schemas/page-shield-review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { MaliciousMarker, ReportedMarker, ReviewStateBadge, ScoreValue } from './markers'
import { scriptsPage } from '../api/search'
import { seenColumns, statusColumn, urlColumn } from './resource-columns'

const col = createDataTableColumnHelper<PageShieldScript>()

/** Columns of the scripts table; the sortable ids are the API's order_by values. */
export function getScriptColumns(zoneId: string, reviews: Map<string, ReviewEntry> | undefined) {
  return col.columns([
    urlColumn<PageShieldScript>({
      page: scriptsPage,
      header: 'Script',
      placeholder: 'e.g. jquery, /checkout',
      className: 'min-w-[13rem] sm:min-w-[20rem]',
      link: (s, props) => (
        <Link to="/zones/$zoneId/page-shield/scripts/$scriptId" params={{ zoneId, scriptId: s.id }} {...props} />
      ),
      narrow: (s) => (
        <>
          <MaliciousMarker score={s.js_integrity_score} />
          <ReportedMarker item={s} />
          <span className="text-xs text-zinc-700 dark:text-zinc-300">
            Integrity: <ScoreValue score={s.js_integrity_score ?? null} />
          </span>
          {reviews && <ReviewStateBadge state={reviewState(s, reviews.get(s.id))} />}
        </>
      ),
    }),
    col.display({
      id: 'threat',
      header: 'Threat',
      meta: { label: 'Threat', className: 'min-w-[11rem]' },
      cell: (info) => (
        <div className="flex flex-col items-start gap-1">
          <MaliciousMarker score={info.row.original.js_integrity_score} />
          <ReportedMarker item={info.row.original} />
        </div>
      ),
    }),
    col.accessor((s) => s.js_integrity_score ?? null, {
      id: 'js_integrity_score',
      header: 'Integrity',
      enableSorting: false,
      meta: { align: 'end', label: 'Integrity score' },
      cell: (info) => <ScoreValue score={info.getValue()} />,
    }),
    statusColumn<PageShieldScript>(),
    col.display({
      id: 'review',
      header: 'Review',
      cell: (info) =>
        reviews ? <ReviewStateBadge state={reviewState(info.row.original, reviews.get(info.row.original.id))} /> : null,
    }),
    ...seenColumns<PageShieldScript>(),
  ])
}
