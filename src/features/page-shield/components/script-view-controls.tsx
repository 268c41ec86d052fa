import type { UrlTableState } from '@/components/data-table/use-url-table-state'
import type { ScriptsSearch } from '../api/search'
import { StatusTabs, ToggleFilter } from './list-controls'
import { ReviewFilterControls } from './review-filter'

/** Status tabs, "Malicious only" (a filter), "Malicious first" (a sort), "Payment pages only" and the review filter; all in the URL. */
export function ScriptViewControls({
  state,
  counts,
}: {
  state: UrlTableState<ScriptsSearch>
  counts: { new: number; changed: number } | undefined
}) {
  const { search } = state
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3">
      <StatusTabs state={state} />
      <ToggleFilter
        pressed={search.malicious_only === true}
        onChange={(on) => state.setFilter('malicious_only', on || undefined)}
        help="Show only scripts with an integrity score below 10."
      >
        Malicious only
      </ToggleFilter>
      <ToggleFilter
        pressed={search.malicious_first === true}
        onChange={(on) => state.setFilter('malicious_first', on || undefined)}
        help="Sort: scripts with an integrity score below 10 first, then those threat feeds report. Hides nothing."
      >
        Malicious first
      </ToggleFilter>
      <ToggleFilter
        pressed={search.payment_only === true}
        onChange={(on) => state.setFilter('payment_only', on || undefined)}
        help="Show only scripts seen on a page marked as a payment page (see Payment pages and pattern verdicts)."
      >
        Payment pages only
      </ToggleFilter>
      <ReviewFilterControls of="scripts" value={search.review} onChange={(v) => state.setFilter('review', v)} counts={counts} />
    </div>
  )
}
