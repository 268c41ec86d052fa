import { lazy, Suspense, type ReactNode } from 'react'
import type { Header } from '@tanstack/react-table'
import { cn } from '@/lib/format'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import type { DataTableFeatures } from './features'
import { useWideLayout } from '@/lib/use-media-query'
import { DataTablePagination } from './data-table-pagination'
import { DataTableRow } from './data-table-row'
import type { DataTableInstance } from './use-data-table'
import { useProgressiveRows } from './use-progressive-rows'

// Cards (below md, for tables that ask for them) load on demand: wide screens never render them.
const DataTableCardsView = lazy(() => import('./data-table-cards')) as unknown as typeof import('./data-table-cards').default

/** The parts of a TanStack Query result the table reads (loading, refetching, error, retry). */
export interface DataTableQuery {
  isPending: boolean
  isFetching: boolean
  error: unknown
  refetch: () => unknown
}

export interface DataTableProps<T extends object> {
  table: DataTableInstance<T>
  /** The page's query: sets isLoading, isFetching, error and onRetry at once (explicit props win). */
  query?: DataTableQuery
  /** Accessible name of the table ("DNS records of example.com"), also of its scroll region. */
  label: string
  /** First load: no rows yet. */
  isLoading?: boolean
  /** A refetch is running while older rows are shown (paging, filtering). */
  isFetching?: boolean
  error?: unknown
  onRetry?: () => void
  /** Shown when the page has no rows. Say whether filters are hiding rows and what to do next. */
  empty?: ReactNode
  pageSizes?: readonly number[]
  /** Noun for the pagination footer ("records", "zones"). */
  itemLabel?: string
  /** Classes per row, e.g. to mark read-only rows. */
  rowClassName?: (row: T) => string | undefined
  /** Height limit of the scroll area; the header stays visible while scrolling. */
  maxHeightClass?: string
  /** Hide the pagination footer (single-page lists). */
  hidePagination?: boolean
  /** Classes of the <table> itself, e.g. a fixed layout with a minimum width (column widths then in their meta). */
  tableClassName?: string
  /**
   * Below the `md` width (phones), show each row as a card: its title columns, the other values
   * labelled, and its actions together (column `meta.card` places each). Off: the table scrolls sideways.
   */
  cards?: boolean
}

function SortIcon({ dir }: { dir: false | 'asc' | 'desc' }) {
  return (
    <svg
      className={cn('size-3.5', dir ? 'text-zinc-900 dark:text-zinc-50' : 'text-zinc-400')}
      viewBox="0 0 16 16"
      fill="none"
      aria-hidden="true"
    >
      <path
        d="M5 6.5L8 3.5l3 3"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeOpacity={dir === 'desc' ? 0.3 : 1}
        strokeLinecap="round"
      />
      <path
        d="M5 9.5l3 3 3-3"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeOpacity={dir === 'asc' ? 0.3 : 1}
        strokeLinecap="round"
      />
    </svg>
  )
}

function HeaderCell<T extends object>({
  header,
  table,
}: {
  header: Header<DataTableFeatures, T, unknown>
  table: DataTableInstance<T>
}) {
  const column = header.column
  const meta = column.columnDef.meta
  const sorted = column.getIsSorted()
  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />
  const label = meta?.label ?? (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id)
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={cn(
        'sticky top-0 z-10 border-b border-zinc-200 bg-zinc-50 px-3 py-2 compact:py-1 text-left text-xs font-semibold tracking-wide text-zinc-700 uppercase dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200',
        meta?.align === 'end' && 'text-right',
        meta?.className,
      )}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-white"
          title={`Sort by ${label}`}
        >
          {content}
          <SortIcon dir={sorted} />
        </button>
      ) : (
        content
      )}
    </th>
  )
}

/** Ring on the card while its scroll area has keyboard focus. */
const SCROLL_FOCUS_RING =
  'has-[>[data-scroll-area]:focus-visible]:outline-2 has-[>[data-scroll-area]:focus-visible]:outline-offset-2 ' +
  'has-[>[data-scroll-area]:focus-visible]:outline-blue-600 dark:has-[>[data-scroll-area]:focus-visible]:outline-blue-400'

/**
 * The one data table: server-side paging and sorting (state in the URL), optional row selection,
 * loading / empty / error states, sticky header and a pagination footer with the total count.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { table, label, query, empty, rowClassName, maxHeightClass = 'max-h-[70vh]' } = props
  const isLoading = props.isLoading ?? query?.isPending
  const isFetching = props.isFetching ?? query?.isFetching
  const error = props.error ?? query?.error
  const onRetry = props.onRetry ?? (query ? () => void query.refetch() : undefined)
  const allRows = table.getRowModel().rows
  const shown = useProgressiveRows(
    allRows.length,
    `${allRows.length}:${allRows[0]?.id ?? ''}:${allRows[allRows.length - 1]?.id ?? ''}`,
  )
  const rows = shown < allRows.length ? allRows.slice(0, shown) : allRows
  const colCount = table.getAllLeafColumns().length
  const asCards = useWideLayout() === false && props.cards === true
  if (error && !rows.length) return <ErrorView error={error} onRetry={onRetry} />
  return (
    // The focus ring of the scroll area is drawn around the whole card: on the area itself the sticky header would cover its top edge.
    <div
      className={cn(
        'overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-700 dark:bg-zinc-900',
        SCROLL_FOCUS_RING,
      )}
    >
      {error != null && rows.length > 0 && (
        <div className="border-b border-zinc-200 p-3 dark:border-zinc-700">
          <ErrorView error={error} onRetry={onRetry} title="The latest data could not be loaded" />
        </div>
      )}
      {asCards ? (
        <div role="region" aria-label={label} data-cards="">
          <Suspense
            fallback={
              <div className="px-3 py-14 text-center text-zinc-600 dark:text-zinc-300">
                <Spinner label="" className="mr-2 align-middle" />
                <span role="status">Loading…</span>
              </div>
            }
          >
            <DataTableCardsView
              fetching={Boolean(isFetching && !isLoading)}
              table={table}
              rows={rows}
              label={label}
              rowClassName={rowClassName}
              busy={Boolean(isLoading || isFetching)}
              status={
                isLoading ? (
                  <div className="px-3 py-14 text-center text-zinc-600 dark:text-zinc-300">
                    <Spinner label="" className="mr-2 align-middle" />
                    <span role="status">Loading…</span>
                  </div>
                ) : (
                  (empty ?? <EmptyState title="Nothing here yet" />)
                )
              }
            />
          </Suspense>
        </div>
      ) : (
        <div
          role="region"
          aria-label={label}
          // The scroll area must be reachable by keyboard to scroll it, also when no row holds a control
          // (WCAG 2.1.1; axe: scrollable-region-focusable). A labelled region is the pattern for that.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          data-scroll-area=""
          className={cn('relative overflow-auto focus-visible:outline-none', maxHeightClass)}
        >
          <table
            className={cn('w-full border-separate border-spacing-0 text-sm', props.tableClassName)}
            aria-label={label}
            aria-busy={isLoading || isFetching || undefined}
          >
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <HeaderCell key={header.id} header={header} table={table} />
                  ))}
                </tr>
              ))}
            </thead>
            {/* Dimmed while newer rows load; not faded: a fade puts the whole body on a layer of its own, painted again each time. */}
            <tbody className={cn(isFetching && !isLoading && 'opacity-60')}>
              {isLoading && !rows.length ? (
                <tr>
                  <td colSpan={colCount} className="px-3 py-14 text-center text-zinc-600 dark:text-zinc-300">
                    <Spinner label="" className="mr-2 align-middle" />
                    <span role="status">Loading…</span>
                  </td>
                </tr>
              ) : !rows.length ? (
                <tr>
                  <td colSpan={colCount}>{empty ?? <EmptyState title="Nothing here yet" />}</td>
                </tr>
              ) : (
                rows.map((row) => (
                  <DataTableRow
                    key={row.id}
                    row={row}
                    selected={row.getIsSelected()}
                    selectable={row.getCanSelect()}
                    className={rowClassName?.(row.original)}
                    columns={table.options.columns}
                  />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {!props.hidePagination && (
        <DataTablePagination
          table={table}
          pageSizes={props.pageSizes}
          itemLabel={props.itemLabel}
          isFetching={isFetching}
          isLoading={Boolean(isLoading) && !rows.length}
        />
      )}
    </div>
  )
}
