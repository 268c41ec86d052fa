import { Button } from '@/components/ui/button'
import { formatNumber, plural } from '@/lib/format'

/**
 * When every row of the page is ticked and more records match than the page shows, offers to
 * select all of them (across pages), as the service's dashboard does; once chosen, says so and
 * offers to clear it.
 */
export function SelectAllMatching({
  pageAllSelected,
  onPage,
  total,
  active,
  onSelectAll,
  onClear,
}: {
  pageAllSelected: boolean
  onPage: number
  total: number
  active: boolean
  onSelectAll: () => void
  onClear: () => void
}) {
  if (!pageAllSelected || total <= onPage) return null
  return (
    <div role="status" className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:bg-blue-950/50 dark:text-blue-100">
      {active ? (
        <>
          <span>All {formatNumber(total)} records matching the filters are selected, on every page.</span>
          <Button size="sm" onClick={onClear}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <span>The {plural(onPage, 'record')} on this page are selected.</span>
          <Button size="sm" onClick={onSelectAll}>
            Select all {formatNumber(total)} matching records
          </Button>
        </>
      )}
    </div>
  )
}
