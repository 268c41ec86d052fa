import { useState } from 'react'
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Field } from '@/components/form/field'
import { ZonePicker } from './zone-picker'

/**
 * Zone scope: all zones, or zones picked from the account's list (kept as '*' or string[] in the
 * form). Switching to all zones and back keeps the zones picked so far.
 */
export function ZoneScopeField<T extends FieldValues>({
  control,
  name,
  disabled,
  account,
}: {
  /** Zones of this account (a grant in it) rather than of the one the page acts in. */
  account?: string
  control: Control<T>
  name: Path<T>
  disabled?: boolean
}) {
  const { field, fieldState } = useController({ control, name })
  const value = field.value as '*' | string[]
  const [picked, setPicked] = useState<string[]>(value === '*' ? [] : value)
  const all = value === '*'
  const error = fieldState.error?.message ?? firstItemError(fieldState.error)
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Zones</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={`${name}-mode`} checked={all} onChange={() => field.onChange('*')} />
        All zones
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={`${name}-mode`} checked={!all} onChange={() => field.onChange(picked)} />
        Only these zones
      </label>
      {!all && (
        <Field
          label="Add a zone"
          help="Type part of a zone name and pick it from the account's zones (arrows and Enter, or a click). This person sees only the zones picked here."
          error={error}
        >
          {(aria) => (
            <ZonePicker
              control={aria}
              value={value}
              disabled={disabled}
              account={account}
              invalid={!!error}
              onChange={(zones) => {
                setPicked(zones)
                field.onChange(zones)
              }}
              onBlur={field.onBlur}
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
