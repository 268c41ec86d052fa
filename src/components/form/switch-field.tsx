import { useController, type FieldValues } from 'react-hook-form'
import { Field } from './field'
import type { BoundFieldProps } from './fields'
// Switch lives in ./switch so pages can use it without loading react-hook-form.
import { Switch } from './switch'

export { Switch }

/** A boolean form field shown as a switch with a label and the current state in words. */
export function SwitchField<T extends FieldValues>({ control, name, disabled, onLabel = 'On', offLabel = 'Off', ...chrome }: BoundFieldProps<T> & { onLabel?: string; offLabel?: string }) {
  const { field, fieldState } = useController({ control, name })
  const checked = Boolean(field.value)
  return (
    <Field {...chrome} error={fieldState.error?.message}>
      {(aria) => (
        <div className="flex items-center gap-3">
          <Switch id={aria.id} aria-describedby={aria['aria-describedby']} checked={checked} disabled={disabled} onChange={(v) => field.onChange(v)} />
          <span className="text-sm text-zinc-700 dark:text-zinc-300" aria-hidden="true">
            {checked ? onLabel : offLabel}
          </span>
        </div>
      )}
    </Field>
  )
}
