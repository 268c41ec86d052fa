export { DataTable, type DataTableProps } from './data-table'
export { DataTableFilterBar } from './data-table-filter-bar'
export { deleteColumn } from './delete-column'
export { DataTablePagination } from './data-table-pagination'
export { createDataTableColumnHelper, dataTableFeatures, type DataTableColumnMeta, type DataTableFeatures, type FilterOption, type FilterSpec } from './features'
export { selectColumn } from './select-column'
export { useDataTable, type DataTableInstance, type UseDataTableOptions } from './use-data-table'
export { useUrlTableState, type UrlTableState } from './use-url-table-state'
export {
  cleanSearch,
  searchBooleanSchema,
  searchEnumListSchema,
  searchEnumSchema,
  searchIntSchema,
  searchSchema,
  searchTextSchema,
  tableSearchSchema,
  type SearchField,
  type SearchOf,
  type SearchValidator,
  type TableSearch,
  type UrlTableOptions,
} from './url-table-state'
