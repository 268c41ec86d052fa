import { memo } from 'react'
import { FlexRender, type Row } from '@tanstack/react-table'
import { cn } from '@/lib/format'
import type { DataTableFeatures } from './features'

interface DataTableRowProps<T extends object> {
  row: Row<DataTableFeatures, T>
  /** Passed in (not read inside) so that a row re-renders when its selection changes, and only then. */
  selected: boolean
  /** Likewise for whether it may be selected (the table's rule can change, e.g. once the person's role is known). */
  selectable: boolean
  className: string | undefined
  /** The column definitions: a page that makes new ones (new data in their closures) re-renders its rows. */
  columns: unknown
}

function DataTableRowInner<T extends object>({ row, selected, className }: DataTableRowProps<T>) {
  return (
    <tr
      aria-selected={selected || undefined}
      className={cn(
        'hover:bg-zinc-50 aria-selected:bg-blue-50 dark:hover:bg-zinc-800/60 dark:aria-selected:bg-blue-950/50',
        className,
      )}
    >
      {row.getAllCells().map((cell) => {
        const meta = cell.column.columnDef.meta
        return (
          <td
            key={cell.id}
            className={cn(
              'border-b border-zinc-100 px-3 py-2.5 align-middle compact:py-1 text-zinc-800 dark:border-zinc-800 dark:text-zinc-200',
              meta?.align === 'end' && 'text-right',
              meta?.className,
            )}
          >
            <FlexRender cell={cell} />
          </td>
        )
      })}
    </tr>
  )
}

/**
 * One row of the data table, rendered again only when its record, its selection or its classes
 * change (or the columns do): the page re-renders on every URL change, fetch start and fetch end while the rows stay
 * the same, and re-rendering 50–100 rows each time made paging and filtering long tasks. Cells
 * that read a React context (the DNS table's) still follow it: context reaches through memo.
 * The table itself is not a prop: `useTable` hands out a new table object on every render of the
 * page (its options are a new object each time), which re-rendered every row each time.
 */
export const DataTableRow = memo(DataTableRowInner) as typeof DataTableRowInner
