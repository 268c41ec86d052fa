import { useId } from 'react'
import { formatNumber } from '@/lib/format'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { DataTableInstance } from './use-data-table'

/** "Showing 21–40 of 10,000 records", page size select, and first/previous/next/last buttons. */
export function DataTablePagination<T extends object>({
  table,
  pageSizes = [20, 50, 100],
  itemLabel = 'items',
  isFetching,
  isLoading,
}: {
  table: DataTableInstance<T>
  pageSizes?: readonly number[]
  itemLabel?: string
  isFetching?: boolean
  /** The first page is still on its way: say so instead of "No items". */
  isLoading?: boolean
}) {
  const sizeId = useId()
  const { pageIndex, pageSize } = table.state.pagination
  const total = table.getRowCount()
  const pageCount = Math.max(1, table.getPageCount())
  const from = total === 0 ? 0 : pageIndex * pageSize + 1
  const to = Math.min(total, pageIndex * pageSize + table.getRowModel().rows.length)
  const selected = table.getSelectedRowIds().length
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-zinc-200 px-3 py-2.5 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
      <div className="flex items-center gap-3" aria-live="polite">
        <span>
          {isLoading && total === 0 ? 'Loading…' : total === 0 ? `No ${itemLabel}` : `Showing ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)} ${itemLabel}`}
        </span>
        {selected > 0 && <span className="font-medium text-blue-700 dark:text-blue-300">{formatNumber(selected)} selected</span>}
        {isFetching && !isLoading && <Spinner size="sm" label="Updating" />}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sizeId} className="flex items-center gap-2">
          Rows per page
          <select
            id={sizeId}
            value={pageSize}
            onChange={(e) => table.setPageSize(Number(e.target.value))}
            className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-800"
          >
            {[...new Set([...pageSizes, pageSize])].sort((a, b) => a - b).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span>
          Page {formatNumber(pageIndex + 1)} of {formatNumber(pageCount)}
        </span>
        <div className="flex gap-1">
          <Button size="sm" onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()} aria-label="First page">
            «
          </Button>
          <Button size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous
          </Button>
          <Button size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next
          </Button>
          <Button size="sm" onClick={() => table.lastPage()} disabled={!table.getCanNextPage()} aria-label="Last page">
            »
          </Button>
        </div>
      </div>
    </div>
  )
}
