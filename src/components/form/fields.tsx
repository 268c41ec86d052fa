import { useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { cn } from '@/lib/format'
import { Field, inputBorder, inputClass, type FieldChrome } from './field'

export interface BoundFieldProps<T extends FieldValues> extends FieldChrome {
  control: Control<T>
  name: FieldPath<T>
  disabled?: boolean
}

type InputExtras = Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'autoComplete' | 'inputMode' | 'spellCheck' | 'autoFocus'>

/** A one-line text field bound to a react-hook-form field. */
export function TextField<T extends FieldValues>({ control, name, disabled, type = 'text', mono, suffix, ...rest }: BoundFieldProps<T> & InputExtras & { type?: 'text' | 'email' | 'url' | 'password'; mono?: boolean; suffix?: ReactNode }) {
  const { field, fieldState } = useController({ control, name })
  const { label, help, helpExtra, warning, required, className, ...inputProps } = rest
  return (
    <Field label={label} help={help} helpExtra={helpExtra} warning={warning} required={required} className={className} error={fieldState.error?.message}>
      {(aria) => (
        <div className="flex items-center gap-2">
          <input
            {...aria}
            {...inputProps}
            type={type}
            name={field.name}
            ref={field.ref}
            value={(field.value as string | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            disabled={disabled}
            className={cn(inputClass, inputBorder(!!fieldState.error), mono && 'font-mono')}
          />
          {suffix}
        </div>
      )}
    </Field>
  )
}

const rangeText = (min?: number, max?: number) =>
  min !== undefined && max !== undefined
    ? `Allowed: ${min.toLocaleString()} to ${max.toLocaleString()}.`
    : min !== undefined
      ? `At least ${min.toLocaleString()}.`
      : max !== undefined
        ? `At most ${max.toLocaleString()}.`
        : undefined

function withRange(help: ReactNode, min?: number, max?: number): ReactNode {
  const range = rangeText(min, max)
  if (!range) return help
  return help ? (
    <>
      {help} {range}
    </>
  ) : (
    range
  )
}

/**
 * A number field. What the user types is kept exactly as typed; the form value is a number
 * when the text is a number, and the text itself otherwise (so validation can say what is wrong).
 * `min`/`max` are stated under the field in words; the schema enforces them.
 */
export function NumberField<T extends FieldValues>({ control, name, disabled, min, max, ...rest }: BoundFieldProps<T> & InputExtras & { min?: number; max?: number }) {
  const { field, fieldState } = useController({ control, name })
  const { label, help, warning, required, className, ...inputProps } = rest
  const external = field.value === undefined || field.value === null ? '' : String(field.value)
  const [draft, setDraft] = useState(external)
  const [seen, setSeen] = useState(external)
  // The form value changed from elsewhere (reset, setValue): show it, unless it is what the text already says ("1.0" vs 1).
  if (external !== seen) {
    setSeen(external)
    if (!(draft.trim() !== '' && Number(draft) === Number(external))) setDraft(external)
  }
  return (
    <Field label={label} help={withRange(help, min, max)} warning={warning} required={required} className={className} error={fieldState.error?.message}>
      {(aria) => (
        <input
          {...aria}
          {...inputProps}
          type="text"
          inputMode="numeric"
          name={field.name}
          ref={field.ref}
          value={draft}
          onChange={(e) => {
            const v = e.target.value
            setDraft(v)
            const n = Number(v)
            field.onChange(v.trim() === '' ? undefined : Number.isFinite(n) ? n : v)
          }}
          onBlur={field.onBlur}
          disabled={disabled}
          className={cn(inputClass, inputBorder(!!fieldState.error), 'max-w-48 tabular-nums')}
        />
      )}
    </Field>
  )
}

/** A multi-line text field. */
export function TextareaField<T extends FieldValues>({ control, name, disabled, rows = 4, mono, placeholder, ...chrome }: BoundFieldProps<T> & { rows?: number; mono?: boolean; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name })
  return (
    <Field {...chrome} error={fieldState.error?.message}>
      {(aria) => (
        <textarea
          {...aria}
          name={field.name}
          ref={field.ref}
          rows={rows}
          placeholder={placeholder}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          className={cn(inputClass, inputBorder(!!fieldState.error), mono && 'font-mono')}
        />
      )}
    </Field>
  )
}

export interface SelectOption<V extends string | number = string> {
  value: V
  label: string
  disabled?: boolean
}

/** A drop-down. Option values may be numbers (e.g. TTL); the form value keeps the option's type. */
export function SelectField<T extends FieldValues, V extends string | number = string>({ control, name, disabled, options, placeholder, ...chrome }: BoundFieldProps<T> & { options: SelectOption<V>[]; placeholder?: string }) {
  const { field, fieldState } = useController({ control, name })
  const current = field.value === undefined || field.value === null ? '' : String(field.value)
  return (
    <Field {...chrome} error={fieldState.error?.message}>
      {(aria) => (
        <select
          {...aria}
          name={field.name}
          ref={field.ref}
          value={current}
          onChange={(e) => {
            const opt = options.find((o) => String(o.value) === e.target.value)
            field.onChange(opt ? opt.value : undefined)
          }}
          onBlur={field.onBlur}
          disabled={disabled}
          className={cn(inputClass, inputBorder(!!fieldState.error), 'pr-8')}
        >
          {(placeholder || current === '') && <option value="">{placeholder ?? 'Choose…'}</option>}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
