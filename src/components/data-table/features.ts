import {
  createColumnHelper,
  metaHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table'

export interface FilterOption {
  value: string
  label: string
}

/** A filter control in the filter bar, bound to one URL search key. */
export type FilterSpec =
  | { kind: 'text'; key: string; label: string; placeholder?: string }
  | { kind: 'select'; key: string; label: string; options: FilterOption[]; allLabel?: string }
  | { kind: 'boolean'; key: string; label: string; trueLabel: string; falseLabel: string; allLabel?: string }

/** What a column tells the generic table and filter bar about itself. */
export interface DataTableColumnMeta {
  /** The filter for this column, shown in the filter bar. */
  filter?: FilterSpec
  /** Text label when the header is not a plain string (used by sort buttons and filters). */
  label?: string
  align?: 'start' | 'end'
  /** Extra classes for the column's cells (width, wrapping). */
  className?: string
  /**
   * Its place in a row's card on phones (tables with `cards`): `title` (the row's name, first, together),
   * `field` (label and value; the default), `optional` (a field left out when its value is empty), `actions` (the row's buttons, together under the name and
   * values), `hidden` (shown otherwise in the card, e.g. in the title's cell).
   */
  card?: 'title' | 'field' | 'optional' | 'actions' | 'hidden'
}

/** The features every data table uses: server paging, server sorting, row selection. */
export const dataTableFeatures = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  rowSelectionFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
})
export type DataTableFeatures = typeof dataTableFeatures

/** Column helper bound to the data table's features: `const col = createDataTableColumnHelper<Zone>()`. */
export function createDataTableColumnHelper<T extends object>() {
  return createColumnHelper<DataTableFeatures, T>()
}
