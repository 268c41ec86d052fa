import { useEffect, useState } from 'react'
import { useTable, type ColumnDef, type ReactTable, type RowSelectionState } from '@tanstack/react-table'
import { dataTableFeatures, type DataTableFeatures } from './features'
import { pageIndexPastEnd, type TableSearch } from './url-table-state'
import type { UrlTableState } from './use-url-table-state'

export interface UseDataTableOptions<T extends object> {
  /** Column definitions from `createDataTableColumnHelper<T>()`; keep them stable (module scope or useMemo). */
  // The helper's columns carry per-column value types; the table only needs the row type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- heterogeneous accessor value types
  columns: ColumnDef<DataTableFeatures, T, any>[]
  /** The current page of rows from the API (keep a stable empty array as fallback). */
  data: T[]
  /** `result_info.total_count` from the API. */
  rowCount: number | undefined
  urlState: UrlTableState<TableSearch>
  getRowId: (row: T) => string
  /** Row checkboxes: true, or a function deciding per row. */
  enableRowSelection?: boolean | ((row: T) => boolean)
}

export type DataTableInstance<T extends object> = ReactTable<DataTableFeatures, T>

const EMPTY_ROWS: never[] = []

/**
 * A table whose paging and sorting are done by the API and whose state lives in the URL.
 * Selection is kept by row id, so it survives paging (ids on other pages stay selected).
 */
export function useDataTable<T extends object>(opts: UseDataTableOptions<T>): DataTableInstance<T> {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const { enableRowSelection, urlState, rowCount } = opts
  // A page past the end (old link, or its last rows just deleted): show the last page that has rows.
  const stepBackTo = pageIndexPastEnd(urlState.pagination, rowCount)
  useEffect(() => {
    if (stepBackTo !== undefined) urlState.replacePageIndex(stepBackTo)
  }, [stepBackTo, urlState])
  return useTable({
    features: dataTableFeatures,
    columns: opts.columns,
    data: opts.data ?? EMPTY_ROWS,
    rowCount: opts.rowCount ?? 0,
    getRowId: opts.getRowId,
    manualPagination: true,
    manualSorting: true,
    enableMultiSort: false,
    enableRowRangeSelection: true,
    enableRowSelection:
      typeof enableRowSelection === 'function' ? (row) => enableRowSelection(row.original) : (enableRowSelection ?? false),
    state: { pagination: opts.urlState.pagination, sorting: opts.urlState.sorting, rowSelection },
    onPaginationChange: opts.urlState.onPaginationChange,
    onSortingChange: opts.urlState.onSortingChange,
    onRowSelectionChange: setRowSelection,
  })
}
