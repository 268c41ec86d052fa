import type { ReactNode } from 'react'
import { createDataTableColumnHelper, type FilterSpec } from '@/components/data-table/features'
import { listFilter } from '@/components/data-table/list-filter'
import type { AnyField } from '@/shared/lists/query'
import { BreakAtDots } from '@/components/ui/break-at-dots'
import { cn, formatDate, formatDateTime } from '@/lib/format'
import { StatusBadge } from './markers'

// Columns and filters the scripts, connections and cookies lists share.

/** Date in the cell, date and time on hover. */
export function SeenDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="whitespace-nowrap">
      {formatDate(iso)}
    </time>
  )
}

export const shorten = (text: string, max = 70) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A row's link to the item's own page. */
export const ITEM_LINK_CLASS =
  'font-mono text-[0.8125rem] break-all text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300'

/** The filters the scripts and connections pages share (src/features/page-shield/api/search.ts). */
type ResourceFilter = 'hosts' | 'urls' | 'page_url'
export interface ResourcePage {
  readonly query: { readonly fields: Readonly<Record<ResourceFilter, AnyField>> }
  readonly filters: readonly ResourceFilter[]
}

/** Host and page filters above the scripts and connections tables (URL search keys `hosts`, `page_url`). */
export const hostAndPageFilters = (page: ResourcePage): FilterSpec[] => [
  listFilter(page, 'hosts', { label: 'Host (* for any part)', placeholder: 'e.g. *.stripe.com' }),
  listFilter(page, 'page_url', { label: 'Seen on page (* for any part)', placeholder: 'e.g. *checkout*' }),
]

interface Located {
  url: string
  host: string
}

/**
 * The first column of the scripts and connections tables: the shortened URL as a link to the item
 * (full URL on hover), its host below, and the "URL contains" filter (`urls`).
 */
export function urlColumn<T extends Located>(o: {
  /** The list's page, whose `urls` filter the column offers. */
  page: ResourcePage
  header: string
  placeholder: string
  className: string
  /** The link to the item's page; spread `props` (text, title, classes) onto it. */
  link: (item: T, props: { title: string; className: string; children: string }) => ReactNode
  /** What a reviewer decides on (threat, score, review), shown in this cell on narrow screens, where the other columns are off-screen. */
  narrow?: (item: T) => ReactNode
  /** Below which width `narrow` shows: `sm` for tables that scroll sideways, `md` for those shown as cards on phones. */
  narrowBelow?: 'sm' | 'md'
}) {
  return createDataTableColumnHelper<T>().accessor((r) => r.url, {
    id: 'url',
    header: o.header,
    enableSorting: false,
    meta: { filter: listFilter(o.page, 'urls', { label: 'URL contains', placeholder: o.placeholder }), className: o.className, card: 'title' },
    cell: (info) => (
      <div className="min-w-0">
        {o.link(info.row.original, { title: info.getValue(), className: ITEM_LINK_CLASS, children: shorten(info.getValue()) })}
        <span className="block text-xs text-zinc-500 [overflow-wrap:break-word] dark:text-zinc-400">
          <BreakAtDots text={info.row.original.host} />
        </span>
        {o.narrow && (
          <div data-narrow-facts="" className={cn('mt-1 flex flex-col items-start gap-1', o.narrowBelow === 'md' ? 'md:hidden' : 'sm:hidden')}>
            {o.narrow(info.row.original)}
          </div>
        )}
      </div>
    ),
  })
}

/** active / infrequent / inactive as a badge (the status tabs filter it). */
export function statusColumn<T extends { status?: string }>() {
  return createDataTableColumnHelper<T>().accessor((r) => r.status ?? '', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: (info) => <StatusBadge status={info.getValue()} />,
  })
}

/** First and last seen: the sortable columns (their ids are the API's order_by values). */
export function seenColumns<T extends { first_seen_at: string; last_seen_at: string }>() {
  const col = createDataTableColumnHelper<T>()
  return [
    col.accessor((r) => r.first_seen_at, {
      id: 'first_seen_at',
      header: 'First seen',
      cell: (info) => <SeenDate iso={info.getValue()} />,
    }),
    col.accessor((r) => r.last_seen_at, {
      id: 'last_seen_at',
      header: 'Last seen',
      cell: (info) => <SeenDate iso={info.getValue()} />,
    }),
  ]
}
