import { Link } from '@tanstack/react-router'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { formatDate, formatDateTime } from '@/lib/format'
import { reviewState } from '@/shared/page-shield/review'
import type { ReviewEntry } from '@/shared/schemas/page-shield-review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { MaliciousMarker, ReportedMarker, ReviewStateBadge, ScoreValue, StatusBadge } from './markers'

const col = createDataTableColumnHelper<PageShieldScript>()

/** Date in the cell, date and time on hover. */
export function SeenDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap">
      {formatDate(iso)}
    </time>
  )
}

export const shorten = (text: string, max = 70) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** Columns of the scripts table; the sortable ids are the API's order_by values. */
export function getScriptColumns(zoneId: string, reviews: Map<string, ReviewEntry> | undefined) {
  return col.columns([
    col.accessor('url', {
      id: 'url',
      header: 'Script',
      enableSorting: false,
      meta: {
        filter: { kind: 'text', key: 'urls', label: 'URL contains', placeholder: 'e.g. jquery, /checkout' },
        className: 'min-w-[20rem]',
      },
      cell: (info) => (
        <div className="min-w-0">
          <Link
            to="/zones/$zoneId/page-shield/scripts/$scriptId"
            params={{ zoneId, scriptId: info.row.original.id }}
            title={info.getValue()}
            className="font-mono text-[0.8125rem] break-all text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
          >
            {shorten(info.getValue())}
          </Link>
          <span className="block text-xs break-all text-zinc-500 dark:text-zinc-400">{info.row.original.host}</span>
        </div>
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
    col.accessor((s) => s.status ?? '', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    col.display({
      id: 'review',
      header: 'Review',
      cell: (info) =>
        reviews ? <ReviewStateBadge state={reviewState(info.row.original, reviews.get(info.row.original.id))} /> : null,
    }),
    col.accessor('first_seen_at', {
      id: 'first_seen_at',
      header: 'First seen',
      cell: (info) => <SeenDate iso={info.getValue()} />,
    }),
    col.accessor('last_seen_at', { id: 'last_seen_at', header: 'Last seen', cell: (info) => <SeenDate iso={info.getValue()} /> }),
  ])
}
