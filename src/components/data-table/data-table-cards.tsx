import { memo, useId, type ReactNode } from 'react'
import { FlexRender, type Cell, type Row } from '@tanstack/react-table'
import { cn } from '@/lib/format'
import type { DataTableFeatures } from './features'
import type { DataTableInstance } from './use-data-table'

type AnyCell = Cell<DataTableFeatures, object, unknown>

/** The words for a column: its `meta.label`, else its header when that is text, else its id. */
function columnLabel(cell: AnyCell): string {
  const def = cell.column.columnDef
  return def.meta?.label ?? (typeof def.header === 'string' ? def.header : cell.column.id)
}

/** An `optional` accessor column whose value is empty (no comment, no tags): left out of the card. */
function isEmptyValue(cell: AnyCell): boolean {
  if (!cell.column.accessorFn) return false
  const v = cell.getValue()
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)
}

interface CardProps<T extends object> {
  row: Row<DataTableFeatures, T>
  selected: boolean
  selectable: boolean
  className: string | undefined
  columns: unknown
}

/**
 * One row as a card (phones): the checkbox and the title columns first, the other values as
 * label–value pairs, the row's actions last, all inside the same list item, so a button is never
 * separated from the name it acts on.
 */
function DataTableCardInner<T extends object>({ row, selected, className }: CardProps<T>) {
  const cells = row.getAllCells() as unknown as AnyCell[]
  const place = (c: AnyCell) => (c.column.id === 'select' ? 'select' : (c.column.columnDef.meta?.card ?? 'field'))
  const select = cells.filter((c) => place(c) === 'select')
  const title = cells.filter((c) => place(c) === 'title')
  const fields = cells.filter((c) => place(c) === 'field' || (place(c) === 'optional' && !isEmptyValue(c)))
  const actions = cells.filter((c) => place(c) === 'actions')
  return (
    <li
      data-selected={selected || undefined}
      className={cn(
        'flex gap-3 border-b border-zinc-100 px-3 py-3 last:border-b-0 data-selected:bg-blue-50 dark:border-zinc-800 dark:data-selected:bg-blue-950/50',
        className,
      )}
    >
      {select.map((c) => (
        <div key={c.id} className="pt-0.5">
          <FlexRender cell={c} />
        </div>
      ))}
      <div className="min-w-0 flex-1">
        {title.length > 0 && (
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-zinc-900 dark:text-zinc-100">
            {title.map((c) => (
              <div key={c.id} className="min-w-0 max-w-full">
                <FlexRender cell={c} />
              </div>
            ))}
          </div>
        )}
        {fields.length > 0 && (
          <dl className="mt-2 grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
            {fields.map((c) => (
              <div key={c.id} className="contents">
                <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{columnLabel(c)}</dt>
                <dd className="min-w-0 text-zinc-800 dark:text-zinc-200">
                  <FlexRender cell={c} />
                </dd>
              </div>
            ))}
          </dl>
        )}
        {actions.length > 0 && (
          // The row's buttons sit at the start of the card, under what they act on (not pushed to the right edge).
          <div className="mt-2 flex flex-wrap gap-1 *:justify-start">
            {actions.map((c) => (
              <FlexRender key={c.id} cell={c} />
            ))}
          </div>
        )}
      </div>
    </li>
  )
}

/** Re-rendered only when its record, selection, classes or columns change (as the table's rows). */
const DataTableCard = memo(DataTableCardInner) as typeof DataTableCardInner

/** "Sort by" for the cards, which have no column headers: one choice per sortable column and direction. */
function CardSort<T extends object>({ table }: { table: DataTableInstance<T> }) {
  const id = useId()
  const sortable = table.getAllLeafColumns().filter((c) => c.getCanSort())
  if (!sortable.length) return null
  const current = table.state.sorting[0]
  const value = current ? `${current.id}:${current.desc ? 'desc' : 'asc'}` : ''
  const label = (c: (typeof sortable)[number]) =>
    c.columnDef.meta?.label ?? (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id)
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const [col, dir] = e.target.value.split(':')
          table.setSorting(col ? [{ id: col, desc: dir === 'desc' }] : [])
        }}
        className="h-8 min-w-0 rounded-md border border-zinc-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-900"
      >
        {!current && <option value="">Default order</option>}
        {sortable.flatMap((c) => [
          <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
            {label(c)}, ascending
          </option>,
          <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
            {label(c)}, descending
          </option>,
        ])}
      </select>
    </div>
  )
}

/** The bar above the cards: "select all on this page" (the select column's header) and the sort choice. */
export function DataTableCardsBar<T extends object>({ table }: { table: DataTableInstance<T> }) {
  const selectHeader = table.getFlatHeaders().find((h) => h.column.id === 'select')
  const hasSort = table.getAllLeafColumns().some((c) => c.getCanSort())
  if (!selectHeader && !hasSort) return null
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-700 dark:bg-zinc-800">
      {selectHeader ? (
        // The control is the select column's header checkbox, rendered inside (the rule cannot see through FlexRender).
        // eslint-disable-next-line jsx-a11y/label-has-associated-control
        <label className="flex items-center gap-2 text-xs font-medium text-zinc-700 dark:text-zinc-300">
          <table.FlexRender header={selectHeader} />
          <span aria-hidden="true">All on this page</span>
        </label>
      ) : (
        <span />
      )}
      <CardSort table={table} />
    </div>
  )
}

/** The rows as a list of cards (phones); `status` is shown instead when there are none (loading, empty). */
export function DataTableCards<T extends object>({
  table,
  rows,
  label,
  rowClassName,
  status,
  busy,
}: {
  table: DataTableInstance<T>
  rows: Row<DataTableFeatures, T>[]
  label: string
  rowClassName?: (row: T) => string | undefined
  status: ReactNode
  busy: boolean
}) {
  if (!rows.length) return <div aria-busy={busy || undefined}>{status}</div>
  return (
    <ul aria-label={label} aria-busy={busy || undefined}>
      {rows.map((row) => (
        <DataTableCard
          key={row.id}
          row={row}
          selected={row.getIsSelected()}
          selectable={row.getCanSelect()}
          className={rowClassName?.(row.original)}
          columns={table.options.columns}
        />
      ))}
    </ul>
  )
}

/**
 * The whole card view (bar and cards), the one export data-table.tsx loads on demand: only narrow
 * screens render it, so wide screens never download it (the bundle budget counts every route's first load).
 */
export default function DataTableCardsView<T extends object>({
  fetching,
  ...props
}: Parameters<typeof DataTableCards<T>>[0] & { fetching: boolean }) {
  return (
    <>
      <DataTableCardsBar table={props.table} />
      <div className={cn(fetching && 'opacity-60')}>
        <DataTableCards {...props} />
      </div>
    </>
  )
}
