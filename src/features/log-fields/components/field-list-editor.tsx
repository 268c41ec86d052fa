import { useState, type ReactNode } from 'react'
import { Field, inputBorder } from '@/components/form/field'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/format'

export interface FieldListEditorProps {
  label: string
  /** Header lists lower-case what is typed; cookie lists keep it exactly. */
  kind: 'header' | 'cookie'
  values: string[]
  /** Adds a name, or answers why it cannot be added. */
  onAdd: (name: string) => string | null
  onRemove: (name: string) => void
  help: ReactNode
  /** Limits that matter for what is in the list now. */
  warning?: ReactNode
  placeholder?: string
}

/**
 * One custom-field list as chips. Enter, comma or "Add" adds what is typed (several at once when
 * separated by commas or spaces); a refused name stays in the box with the reason under it.
 */
export function FieldListEditor({ label, kind, values, onAdd, onRemove, help, warning, placeholder }: FieldListEditorProps) {
  const [draft, setDraft] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)
  const [caseNote, setCaseNote] = useState<string | null>(null)

  const change = (typed: string) => {
    setRefusal(null)
    if (kind === 'header' && typed !== typed.toLowerCase()) {
      setCaseNote(`Typed “${typed.trim()}”: header names are logged in lower case, so it is entered as “${typed.trim().toLowerCase()}”.`)
      setDraft(typed.toLowerCase())
    } else setDraft(typed)
  }

  const add = () => {
    const names = draft.split(/[\s,]+/).filter(Boolean)
    const refused: string[] = []
    let firstProblem: string | null = null
    for (const name of names) {
      const problem = onAdd(name)
      if (problem) {
        refused.push(name)
        firstProblem ??= `${name}: ${problem}`
      }
    }
    setDraft(refused.join(', '))
    setRefusal(firstProblem)
    if (!firstProblem) setCaseNote(null)
  }

  return (
    <Field label={label} help={help} warning={warning} error={refusal ?? undefined}>
      {(aria) => (
        <div className="flex flex-col gap-2">
          <ul aria-label={`${label}: added`} className="flex flex-wrap gap-1.5">
            {values.length === 0 && <li className="text-sm text-zinc-500 dark:text-zinc-400">None yet.</li>}
            {values.map((v) => (
              <li key={v} className="inline-flex items-center gap-1 rounded bg-zinc-100 py-0.5 pr-1 pl-2 font-mono text-sm text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100">
                <span className="wrap-anywhere">{v}</span>
                <button
                  type="button"
                  onClick={() => onRemove(v)}
                  aria-label={`Remove ${v}`}
                  className="rounded px-1 text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:text-white"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <input
              {...aria}
              value={draft}
              placeholder={placeholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => change(e.target.value)}
              onKeyDown={(e) => {
                if ((e.key === 'Enter' || e.key === ',') && draft.trim()) {
                  e.preventDefault()
                  add()
                }
              }}
              className={cn(
                'block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-zinc-900 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:bg-zinc-800 dark:text-zinc-100',
                inputBorder(Boolean(refusal)),
              )}
            />
            <Button onClick={add} disabled={!draft.trim()}>
              Add<span className="sr-only"> to {label}</span>
            </Button>
          </div>
          {caseNote && <p className="text-sm text-zinc-700 dark:text-zinc-300">{caseNote}</p>}
          <p className="sr-only" aria-live="polite">
            {refusal ? `Not added. ${refusal}` : ''}
          </p>
        </div>
      )}
    </Field>
  )
}
