import type { UrlTableState } from '@/components/data-table/use-url-table-state'
import { cn, formatNumber } from '@/lib/format'
import type { ReviewFilter } from '@/shared/page-shield/review'
import type { ScriptsSearch } from '../api/search'
import { StatusTabs, ToggleFilter } from './list-controls'

const REVIEW_CHOICES: { value: ReviewFilter | undefined; label: string; help: string; count?: 'new' | 'changed' }[] = [
  { value: undefined, label: 'Any', help: 'Every script, reviewed or not.' },
  { value: 'needs', label: 'Needs review', help: 'Never reviewed, or changed since the last review.' },
  { value: 'new', label: 'Never reviewed', help: 'Nobody has recorded a verdict on these yet.', count: 'new' },
  {
    value: 'changed',
    label: 'Changed since review',
    help: 'Reviewed before, but the code (its fingerprint) or the integrity score is different now.',
    count: 'changed',
  },
]

/** Status tabs, "Malicious only" (a filter), "Malicious first" (a sort) and the review filter; all in the URL. */
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
      <div
        role="group"
        aria-label="Review state"
        className="inline-flex flex-wrap rounded-md border border-zinc-300 shadow-sm dark:border-zinc-600"
      >
        {REVIEW_CHOICES.map((c) => {
          const on = search.review === c.value
          return (
            <button
              key={c.label}
              type="button"
              aria-pressed={on}
              title={c.help}
              onClick={() => state.setFilter('review', c.value)}
              className={cn(
                'px-3 py-1.5 text-sm font-medium whitespace-nowrap first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
                on
                  ? 'bg-blue-600 text-white'
                  : 'bg-white text-zinc-700 hover:bg-zinc-50 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700',
              )}
            >
              {c.label}
              {c.count && counts ? ` (${formatNumber(counts[c.count])})` : ''}
            </button>
          )
        })}
      </div>
    </div>
  )
}
