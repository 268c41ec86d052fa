import type { UrlTableState } from '@/components/data-table/use-url-table-state'
import { cn, formatNumber } from '@/lib/format'
import type { ConnectionsSearch } from '../api/search'

type Filter = ConnectionsSearch['review']

const CHOICES: { value: Filter; label: string; help: string; count?: 'new' | 'changed' }[] = [
  { value: undefined, label: 'Any', help: 'Every connection, reviewed or not.' },
  { value: 'needs', label: 'Needs review', help: 'Never reviewed, or threat feeds changed their view of it since the last review.' },
  { value: 'new', label: 'Never reviewed', help: 'Nobody has recorded a verdict on these yet.', count: 'new' },
  {
    value: 'changed',
    label: 'Changed since review',
    help: 'Reviewed before, but threat feeds now report (or no longer report) its URL or domain, or name other threat categories.',
    count: 'changed',
  },
]

/** The review filter of the connections list (in the URL); counts once the connection index has answered. */
export function ConnectionReviewControls({
  state,
  counts,
}: {
  state: UrlTableState<ConnectionsSearch>
  counts: { new: number; changed: number } | undefined
}) {
  return (
    <div role="group" aria-label="Review state" className="inline-flex flex-wrap rounded-md border border-zinc-300 shadow-sm dark:border-zinc-600">
      {CHOICES.map((c) => {
        const on = state.search.review === c.value
        return (
          <button
            key={c.label}
            type="button"
            aria-pressed={on}
            title={c.help}
            onClick={() => state.setFilter('review', c.value)}
            className={cn(
              'px-3 py-1.5 text-sm font-medium whitespace-nowrap first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
              on ? 'bg-blue-600 text-white' : 'bg-white text-zinc-700 hover:bg-zinc-50 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700',
            )}
          >
            {c.label}
            {c.count && counts ? ` (${formatNumber(counts[c.count])})` : ''}
          </button>
        )
      })}
    </div>
  )
}
