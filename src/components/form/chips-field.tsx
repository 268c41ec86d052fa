import { useState } from 'react'
import { useController, type FieldValues } from 'react-hook-form'
import { cn } from '@/lib/format'
import { Field, inputBorder } from './field'
import type { BoundFieldProps } from './fields'

/**
 * A list of strings (tags, hostnames, e-mails). Enter or comma adds the typed value, Backspace in
 * an empty box removes the last one, each chip has a remove button. Pasting "a, b c" adds three.
 */
export function ChipsField<T extends FieldValues>({ control, name, disabled, placeholder, ...chrome }: BoundFieldProps<T> & { placeholder?: string }) {
  const { field, fieldState } = useController({ control, name })
  const values: string[] = Array.isArray(field.value) ? (field.value as string[]) : []
  const [draft, setDraft] = useState('')
  const add = (text: string) => {
    const parts = text.split(/[\s,]+/).map((p) => p.trim()).filter(Boolean)
    const next = [...values]
    for (const p of parts) if (!next.includes(p)) next.push(p)
    if (next.length !== values.length) field.onChange(next)
    setDraft('')
  }
  const remove = (i: number) => field.onChange(values.filter((_, j) => j !== i))
  const itemError = (fieldState.error as unknown as (({ message?: string } | undefined)[] & { message?: string }) | undefined)
  const message = itemError?.message ?? (Array.isArray(itemError) ? itemError.find((e) => e?.message)?.message : undefined)
  return (
    <Field {...chrome} error={message}>
      {(aria) => (
        <div className={cn('flex flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-blue-600 dark:bg-zinc-800', inputBorder(!!message))}>
          <ul className="contents" aria-label="Added values">
            {values.map((v, i) => (
              <li key={v} className="inline-flex items-center gap-1 rounded bg-zinc-100 py-0.5 pr-1 pl-2 text-sm text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100">
                <span className="wrap-anywhere">{v}</span>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => remove(i)}
                  aria-label={`Remove ${v}`}
                  className="rounded px-1 text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:text-white"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <input
            {...aria}
            ref={field.ref}
            value={draft}
            disabled={disabled}
            placeholder={values.length ? '' : placeholder}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if ((e.key === 'Enter' || e.key === ',') && draft.trim()) {
                e.preventDefault()
                add(draft)
              } else if (e.key === 'Backspace' && !draft && values.length) remove(values.length - 1)
            }}
            onPaste={(e) => {
              const text = e.clipboardData.getData('text')
              if (/[\s,]/.test(text.trim())) {
                e.preventDefault()
                add(text)
              }
            }}
            onBlur={() => {
              if (draft.trim()) add(draft)
              field.onBlur()
            }}
            className="min-w-32 flex-1 border-0 bg-transparent px-1 py-1 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-zinc-100"
          />
        </div>
      )}
    </Field>
  )
}
