import type { ColumnDef } from '@tanstack/react-table'
import type { DataTableFeatures } from './features'

const box = 'size-4 rounded border-zinc-400 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600'

/**
 * A checkbox column for row selection. `describe(row)` names the row for screen readers
 * ("Select www.example.com"). Shift-click selects a range.
 */
export function selectColumn<T extends object>(describe: (row: T) => string): ColumnDef<DataTableFeatures, T, unknown> {
  return {
    id: 'select',
    enableSorting: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <input
        type="checkbox"
        className={box}
        aria-label="Select all rows on this page"
        // Nothing on the page can be selected (e.g. a viewer): the box says so instead of looking usable.
        disabled={!table.getRowModel().rows.some((r) => r.getCanSelect())}
        checked={table.getIsAllPageRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = !table.getIsAllPageRowsSelected() && table.getIsSomePageRowsSelected()
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className={box}
        aria-label={`Select ${describe(row.original)}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={() => {}}
        onClick={row.getToggleSelectedHandler()}
      />
    ),
  }
}
