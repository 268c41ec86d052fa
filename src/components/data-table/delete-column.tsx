import type { ColumnDef } from '@tanstack/react-table'
import type { DataTableFeatures } from './features'

/**
 * A last column with one "Delete" button per row; `describe(row)` names the row for screen readers
 * ("Delete Block bots"). `onDelete` should ask for confirmation before anything is deleted.
 */
export function deleteColumn<T extends object>(
  describe: (row: T) => string,
  onDelete: (row: T) => void,
): ColumnDef<DataTableFeatures, T, unknown> {
  return {
    id: 'actions',
    enableSorting: false,
    header: () => <span className="sr-only">Actions</span>,
    meta: { align: 'end' },
    cell: ({ row }) => (
      <button
        type="button"
        onClick={() => onDelete(row.original)}
        className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-red-300 dark:hover:bg-red-950"
      >
        Delete<span className="sr-only"> {describe(row.original)}</span>
      </button>
    ),
  }
}
