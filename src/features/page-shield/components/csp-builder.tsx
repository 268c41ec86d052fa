import { lazy, Suspense, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { inputBorder, inputClass } from '@/components/form/field'
import { buildCsp, CSP_DIRECTIVE_NAMES, CSP_DIRECTIVES, parseCsp, type CspDirective } from '@/shared/page-shield/csp'
import { suggestionKind } from '../lib/suggestion-kind'

// Suggestions read the detected scripts or connections: their code loads when asked for.
const SuggestionsPanel = lazy(() => import('./suggestions-panel').then((m) => ({ default: m.SuggestionsPanel })))

function DirectiveRow({
  zoneId,
  expression,
  d,
  taken,
  onChange,
  onRemove,
}: {
  zoneId: string
  expression: string
  d: CspDirective
  taken: string[]
  onChange: (d: CspDirective) => void
  onRemove: () => void
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [suggesting, setSuggesting] = useState(false)
  const add = (text: string) => {
    const parts = text
      .split(/\s+/)
      .map((s) => s.trim())
      .filter(Boolean)
    if (parts.length) onChange({ ...d, sources: [...new Set([...d.sources, ...parts])] })
    setDraft('')
  }
  return (
    <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-name`} className="sr-only">
          Directive
        </label>
        <select
          id={`${id}-name`}
          value={d.name}
          onChange={(e) => onChange({ ...d, name: e.target.value })}
          className={`${inputClass} ${inputBorder(false)} w-auto font-mono`}
        >
          {CSP_DIRECTIVE_NAMES.filter((n) => n === d.name || !taken.includes(n)).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span className="text-sm text-zinc-600 dark:text-zinc-300">{CSP_DIRECTIVES[d.name as keyof typeof CSP_DIRECTIVES]}</span>
        <Button variant="ghost" size="sm" onClick={onRemove} className="ml-auto" aria-label={`Remove ${d.name}`}>
          Remove
        </Button>
      </div>
      {d.name !== 'upgrade-insecure-requests' && (
        <>
          <ul aria-label={`Sources of ${d.name}`} className="mt-2 flex flex-wrap gap-1.5">
            {d.sources.length === 0 && <li className="text-sm text-zinc-500">No sources: nothing of this kind is allowed.</li>}
            {d.sources.map((s) => (
              <li
                key={s}
                className="inline-flex items-center gap-1 rounded bg-zinc-100 py-0.5 pr-1 pl-2 font-mono text-sm text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100"
              >
                <span className="break-all">{s}</span>
                <button
                  type="button"
                  onClick={() => onChange({ ...d, sources: d.sources.filter((x) => x !== s) })}
                  aria-label={`Remove source ${s}`}
                  className="rounded px-1 text-zinc-500 hover:text-zinc-900 dark:text-zinc-300"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-add`} className="sr-only">
              Add a source to {d.name}
            </label>
            <input
              id={`${id}-add`}
              value={draft}
              placeholder="host, *.host, https:, 'self'… then Enter"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  add(draft)
                }
              }}
              className={`${inputClass} ${inputBorder(false)} max-w-xs font-mono`}
            />
            <Button variant="secondary" size="sm" onClick={() => add(draft)} disabled={!draft.trim()}>
              Add
            </Button>
            <Button variant="ghost" size="sm" onClick={() => add("'self'")}>
              + 'self'
            </Button>
            {suggestionKind(d.name) && (
              <Button variant="secondary" size="sm" onClick={() => setSuggesting(true)} aria-expanded={suggesting}>
                Suggest sources
              </Button>
            )}
          </div>
          {suggesting && (
            <Suspense fallback="Loading suggestions…">
              <SuggestionsPanel
                zoneId={zoneId}
                expression={expression}
                directive={d.name}
                existing={d.sources}
                onAdd={(sources) => {
                  onChange({ ...d, sources: [...new Set([...d.sources, ...sources])] })
                  setSuggesting(false)
                }}
                onClose={() => setSuggesting(false)}
              />
            </Suspense>
          )}
        </>
      )}
    </li>
  )
}

/**
 * The CSP value built from directives and sources, or edited as text. Both write the same form
 * value; the builder is offered whenever the text only holds directives it knows.
 */
export function CspEditor({
  zoneId,
  expression,
  value,
  onChange,
  error,
}: {
  zoneId: string
  /** The policy's expression: suggestions come from its pages when it can be read as hosts + path. */
  expression: string
  value: string
  onChange: (v: string) => void
  error?: string
}) {
  const id = useId()
  const parsed = parseCsp(value)
  const unknownDirective = parsed.problems.some((p) => p.includes('is not a directive'))
  const [raw, setRaw] = useState(unknownDirective)
  const directives = parsed.directives
  const write = (next: CspDirective[]) => onChange(buildCsp(next))
  const taken = directives.map((d) => d.name)
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Allowed sources (content-security policy) <span className="text-red-600">*</span>
      </legend>
      {!raw ? (
        <>
          <ul className="space-y-2">
            {directives.map((d, i) => (
              <DirectiveRow
                key={`${d.name}-${i}`}
                zoneId={zoneId}
                expression={expression}
                d={d}
                taken={taken}
                onChange={(nd) => write(directives.map((x, j) => (j === i ? nd : x)))}
                onRemove={() => write(directives.filter((_, j) => j !== i))}
              />
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={taken.length === CSP_DIRECTIVE_NAMES.length}
              onClick={() =>
                write([
                  ...directives,
                  { name: CSP_DIRECTIVE_NAMES.find((n) => !taken.includes(n)) ?? 'script-src', sources: ["'self'"] },
                ])
              }
            >
              Add directive
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRaw(true)}>
              Edit as text
            </Button>
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Value: <code className="font-mono break-all">{value || '(empty)'}</code>
          </p>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-raw`} className="sr-only">
            Policy value
          </label>
          <textarea
            id={`${id}-raw`}
            value={value}
            rows={4}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={!!error}
            className={`${inputClass} ${inputBorder(!!error)} font-mono`}
          />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Directives separated by semicolons, e.g.{' '}
            <code className="font-mono">script-src 'self' js.stripe.com; connect-src 'self' api.stripe.com</code>.
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={unknownDirective}
            onClick={() => setRaw(false)}
            title={unknownDirective ? 'Remove the directives the builder does not know first.' : undefined}
          >
            Back to the builder
          </Button>
        </>
      )}
      {parsed.problems.length > 0 && value.trim() !== '' && (
        <ul className="list-disc pl-5 text-sm text-amber-800 dark:text-amber-200">
          {parsed.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && !parsed.problems.includes(error) && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
    </fieldset>
  )
}
