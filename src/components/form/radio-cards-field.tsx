import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { cn } from '@/lib/format'

export interface RadioCardOption<V extends string> {
  value: V
  /** The choice in plain words: what picking it does. */
  label: string
}

/**
 * A choice between a few options, each a bordered card with its explanation, bound to
 * react-hook-form. A fieldset with a legend, so screen readers announce the question.
 */
export function RadioCardsField<T extends FieldValues, V extends string>({
  control,
  name,
  legend,
  options,
  required,
  columnsClass = 'sm:grid-cols-2',
}: {
  control: Control<T>
  name: FieldPath<T>
  legend: string
  options: readonly RadioCardOption<V>[]
  required?: boolean
  /** Grid columns from a breakpoint, e.g. "md:grid-cols-2". */
  columnsClass?: string
}) {
  const { field, fieldState } = useController({ control, name })
  const errorId = `${field.name}-error`
  return (
    <fieldset aria-describedby={fieldState.error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {legend}
        {required && <span className="text-red-600"> *</span>}
      </legend>
      <div className={cn('grid gap-2', columnsClass)}>
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer gap-2 rounded-md border p-3 text-sm',
              field.value === o.value ? 'border-blue-600 bg-blue-50 dark:bg-blue-950/50' : 'border-zinc-300 dark:border-zinc-600',
            )}
          >
            <input
              type="radio"
              name={field.name}
              value={o.value}
              checked={field.value === o.value}
              onChange={() => field.onChange(o.value)}
              className="mt-0.5"
            />
            <span className="text-zinc-800 dark:text-zinc-200">{o.label}</span>
          </label>
        ))}
      </div>
      {fieldState.error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  )
}
