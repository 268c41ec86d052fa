import { useState } from 'react'
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Field, inputBorder, inputClass } from '@/components/form/field'
import { cn } from '@/lib/format'

/** Zone scope: all zones, or a comma-separated list of zone names (kept as '*' or string[] in the form). */
export function ZoneScopeField<T extends FieldValues>({
  control,
  name,
  disabled,
}: {
  control: Control<T>
  name: Path<T>
  disabled?: boolean
}) {
  const { field, fieldState } = useController({ control, name })
  const value = field.value as '*' | string[]
  const [text, setText] = useState(value === '*' ? '' : value.join(', '))
  const all = value === '*'
  const toList = (t: string) =>
    t
      .split(/[\s,]+/)
      .map((z) => z.trim())
      .filter(Boolean)
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Zones</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={`${name}-mode`} checked={all} onChange={() => field.onChange('*')} />
        All zones
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={`${name}-mode`} checked={!all} onChange={() => field.onChange(toList(text))} />
        Only these zones
      </label>
      {!all && (
        <Field
          label="Zone names"
          help="Separated by commas, e.g. example.com, shop.example. Other zones stay hidden from this person."
          error={fieldState.error?.message ?? firstItemError(fieldState.error)}
        >
          {(aria) => (
            <input
              {...aria}
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                field.onChange(toList(e.target.value))
              }}
              onBlur={field.onBlur}
              className={cn(inputClass, inputBorder(!!fieldState.error))}
            />
          )}
        </Field>
      )}
    </fieldset>
  )
}

/** react-hook-form keeps per-item errors of an array under numeric keys. */
function firstItemError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  for (const v of Object.values(error)) {
    if (v && typeof v === 'object' && 'message' in v && typeof v.message === 'string') return v.message
  }
  return undefined
}
