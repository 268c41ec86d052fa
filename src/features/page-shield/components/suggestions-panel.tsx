import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import { formatNumber } from '@/lib/format'
import { SEEN_LIMIT, useSuggestions } from '../api/checks'
import type { Suggestions } from '../lib/suggest-sources'
import { suggestionKind } from '../lib/suggestion-kind'


function Body({
  data,
  existing,
  onAdd,
  onClose,
}: {
  data: Suggestions
  existing: string[]
  onAdd: (sources: string[]) => void
  onClose: () => void
}) {
  const fresh = data.sources.filter((s) => !existing.includes(s.source))
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(fresh.map((s) => s.source)))
  return (
    <div className="space-y-3">
      {fresh.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">Every source seen is already in this directive.</p>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Seen on your pages ({fresh.length})</legend>
          <ul className="mt-1 max-h-64 space-y-1 overflow-auto">
            {fresh.map((s) => (
              <li key={s.source}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(s.source)}
                    onChange={(e) => {
                      const next = new Set(chosen)
                      if (e.target.checked) next.add(s.source)
                      else next.delete(s.source)
                      setChosen(next)
                    }}
                  />
                  <span className="font-mono break-all">{s.source}</span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">({formatNumber(s.count)} seen)</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {data.leftOut.length > 0 && (
        <div
          role="note"
          aria-label="Left out"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/50"
        >
          <p className="font-semibold text-red-900 dark:text-red-100">
            Left out: {data.leftOut.length} host{data.leftOut.length === 1 ? '' : 's'} with something malicious on it
          </p>
          <ul className="mt-1 space-y-1">
            {data.leftOut.map((h) => (
              <li key={h.host} className="text-zinc-800 dark:text-zinc-200">
                <span className="font-mono break-all">{h.host}</span> — {h.reasons.join('; ')}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            Add one by hand only after you have checked it; an Allow policy without it blocks it.
          </p>
        </div>
      )}
      <div className="flex gap-2">
        <Button
          variant="primary"
          size="sm"
          disabled={chosen.size === 0}
          onClick={() => onAdd(fresh.filter((s) => chosen.has(s.source)).map((s) => s.source))}
        >
          Add {chosen.size} source{chosen.size === 1 ? '' : 's'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  )
}

/** "Suggest sources": hosts the active scripts or connections actually came from, malicious ones left out and flagged. */
export function SuggestionsPanel({
  zoneId,
  directive,
  expression,
  existing,
  onAdd,
  onClose,
}: {
  zoneId: string
  directive: string
  expression: string
  existing: string[]
  onAdd: (sources: string[]) => void
  onClose: () => void
}) {
  const kind = suggestionKind(directive)
  const q = useSuggestions(zoneId, expression, kind !== undefined)
  if (!kind) return null
  return (
    <section
      aria-label={`Suggested sources for ${directive}`}
      className="mt-2 rounded-md border border-blue-200 bg-blue-50/50 p-3 dark:border-blue-900 dark:bg-blue-950/30"
    >
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        From the active {kind} detected {q.data?.scoped ? 'on the pages this policy covers' : 'anywhere on this zone'}
        {q.data?.truncated ? ` (first ${formatNumber(SEEN_LIMIT)} only)` : ''}.
      </p>
      {q.isPending ? (
        <Spinner label="Reading what was seen…" />
      ) : q.error ? (
        <ErrorView error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Body data={q.data[kind]} existing={existing} onAdd={onAdd} onClose={onClose} />
      )}
    </section>
  )
}
