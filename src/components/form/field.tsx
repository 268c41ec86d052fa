import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/format'
import { FieldHelp } from './field-help'

export const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-60 ' +
  'dark:bg-zinc-800 dark:text-zinc-100 dark:placeholder:text-zinc-400'

export const inputBorder = (invalid: boolean) =>
  invalid ? 'border-red-500 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-600'

/** Props every bound field accepts. */
export interface FieldChrome {
  label: ReactNode
  /** Plain-words explanation under the field: what it is for and its rules. */
  help?: ReactNode
  /** Shown under the help, never folded (e.g. the full name a typed name becomes). */
  helpExtra?: ReactNode
  /** Non-blocking advice (e.g. "Names with underscores work for TXT/SRV but not for web hosts"). */
  warning?: ReactNode
  required?: boolean
  className?: string
}

export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-required'?: boolean
}

/**
 * Label, control, help text, warning and inline error for one field, with aria-describedby
 * pointing at whichever of help / warning / error are shown.
 */
export function Field({ label, help, helpExtra, warning, error, required, className, children }: FieldChrome & { error?: string; children: (control: ControlProps) => ReactNode }) {
  const id = useId()
  const helpId = `${id}-help`
  const warnId = `${id}-warn`
  const errId = `${id}-err`
  const describedBy = [error && errId, warning && warnId, help && helpId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {label}
        {required && (
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': required || undefined })}
      {error && (
        <p id={errId} className="flex items-start gap-1 text-sm font-medium text-red-700 dark:text-red-400">
          <span aria-hidden="true">⚠</span>
          <span>{error}</span>
        </p>
      )}
      {warning && (
        <p id={warnId} className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
          {warning}
        </p>
      )}
      {help && (
        <FieldHelp id={helpId} extra={helpExtra}>
          {help}
        </FieldHelp>
      )}
    </div>
  )
}
