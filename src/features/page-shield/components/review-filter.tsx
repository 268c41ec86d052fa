import { cn, formatNumber } from '@/lib/format'
import type { ReviewFilter } from '@/shared/page-shield/review'

/** What each review filter keeps, in the words of the list it filters (scripts change code, connections threat status). */
const HELP: Record<'scripts' | 'connections', Record<'any' | 'needs' | 'changed', string>> = {
  scripts: {
    any: 'Every script, reviewed or not.',
    needs: 'Never reviewed, changed since the last review, or marked Investigate.',
    changed: 'Reviewed before, but the code (its fingerprint) or the integrity score is different now.',
  },
  connections: {
    any: 'Every connection, reviewed or not.',
    needs: 'Never reviewed, threat feeds changed their view of it since the last review, or marked Investigate.',
    changed: 'Reviewed before, but threat feeds now report (or no longer report) its URL or domain, or name other threat categories.',
  },
}

const choices = (help: (typeof HELP)['scripts']) =>
  [
    { value: undefined, label: 'Any', help: help.any },
    { value: 'needs', label: 'Needs review', help: help.needs },
    { value: 'new', label: 'Never reviewed', help: 'Nobody has recorded a verdict on these yet.', count: 'new' },
    { value: 'changed', label: 'Changed since review', help: help.changed, count: 'changed' },
  ] as const satisfies readonly { value: ReviewFilter | undefined; label: string; help: string; count?: 'new' | 'changed' }[]

/** The review filter of the scripts or connections list (in the URL); counts once the index has answered. */
export function ReviewFilterControls({
  of,
  value,
  onChange,
  counts,
}: {
  of: keyof typeof HELP
  value: ReviewFilter | undefined
  onChange: (value: ReviewFilter | undefined) => void
  counts: { new: number; changed: number } | undefined
}) {
  return (
    <div role="group" aria-label="Review state" className="inline-flex flex-wrap rounded-md border border-zinc-300 shadow-sm dark:border-zinc-600">
      {choices(HELP[of]).map((c) => {
        const on = value === c.value
        return (
          <button
            key={c.label}
            type="button"
            aria-pressed={on}
            title={c.help}
            onClick={() => onChange(c.value)}
            className={cn(
              'px-3 py-1.5 text-sm font-medium whitespace-nowrap first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
              on ? 'bg-blue-600 text-white' : 'bg-white text-zinc-700 hover:bg-zinc-50 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700',
            )}
          >
            {c.label}
            {'count' in c && counts ? ` (${formatNumber(counts[c.count])})` : ''}
          </button>
        )
      })}
    </div>
  )
}
