import { useId, useState } from 'react'
import { useController, type Control } from 'react-hook-form'
import { inputClass, inputBorder } from '@/components/form/field'
import { CUSTOM_FIELD_OUTPUTS, type CustomFieldOutput } from '@/shared/log-fields/limits'
import type { LogpushJobCreate } from '@/shared/schemas/logpush'
import { cn } from '@/lib/format'
import { OUTPUT_MEANING } from './consistency-panel'

const OUTPUTS = Object.values(CUSTOM_FIELD_OUTPUTS) as CustomFieldOutput[]

interface FieldPickerProps {
  control: Control<LogpushJobCreate>
  /** name → description, from GET …/logpush/datasets/http_requests/fields. */
  fields: Record<string, string>
  /** Outputs the configured custom fields need; the names each carries. */
  required: CustomFieldOutput[]
  carried: Record<CustomFieldOutput, string[]>
}

function Check({ name, description, checked, onToggle, note }: { name: string; description: string; checked: boolean; onToggle: () => void; note?: string }) {
  const id = useId()
  return (
    <li className="flex items-start gap-2 py-1">
      {/* Named by the field name alone; the description (inside the label, so it is clickable too) is read as its description. */}
      <input id={id} type="checkbox" checked={checked} onChange={onToggle} className="mt-1 size-4 accent-blue-600" aria-labelledby={`${id}-n`} aria-describedby={`${id}-d`} />
      <label htmlFor={id} className="text-sm">
        <span id={`${id}-n`} className="font-mono font-medium text-zinc-900 dark:text-zinc-100">{name}</span>
        <span id={`${id}-d`} className="block text-zinc-600 dark:text-zinc-400">
          {description}
          {note && <span className="block font-medium text-blue-800 dark:text-blue-300">{note}</span>}
        </span>
      </label>
    </li>
  )
}

/** Which fields the job sends, from the dataset's own field list; the custom-field objects first. */
export function FieldPicker({ control, fields, required, carried }: FieldPickerProps) {
  const { field, fieldState } = useController({ control, name: 'output_options.field_names' })
  const selected: string[] = field.value ?? []
  const [filter, setFilter] = useState('')
  const toggle = (name: string) => field.onChange(selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name])
  const q = filter.trim().toLowerCase()
  const others = Object.entries(fields).filter(([n, d]) => !OUTPUTS.includes(n as CustomFieldOutput) && (!q || n.toLowerCase().includes(q) || d.toLowerCase().includes(q)))
  const dropped = required.filter((r) => !selected.includes(r))
  const searchId = useId()
  return (
    <fieldset className="space-y-3" aria-describedby={fieldState.error ? `${searchId}-err` : undefined}>
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Fields to send ({selected.length} selected)</legend>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        In this order: <span className="font-mono break-words">{selected.length ? selected.join(', ') : 'none yet'}</span>
      </p>
      <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
        <p className="text-sm font-medium">Custom fields</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {required.length > 0
            ? 'Your custom fields reach the job only through these objects; the ones your custom fields need are selected.'
            : 'These objects stay empty until custom fields are configured for the zone.'}
        </p>
        <ul>
          {OUTPUTS.filter((o) => o in fields).map((o) => (
            <Check
              key={o}
              name={o}
              description={fields[o]}
              checked={selected.includes(o)}
              onToggle={() => toggle(o)}
              note={carried[o].length > 0 ? `Carries your ${OUTPUT_MEANING[o]}: ${carried[o].join(', ')}` : undefined}
            />
          ))}
        </ul>
        {dropped.length > 0 && (
          <p role="alert" className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
            Without {dropped.join(', ')} this job drops your {dropped.map((d) => OUTPUT_MEANING[d]).join(' and ')}.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={searchId} className="text-sm font-medium">
          Find a field
        </label>
        <input id={searchId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="e.g. Client, Status, WAF" className={cn(inputClass, inputBorder(false), 'mt-1')} />
      </div>
      <ul aria-label="Dataset fields" className="max-h-80 overflow-auto rounded-md border border-zinc-200 px-3 py-1 dark:border-zinc-700">
        {others.length === 0 && <li className="py-2 text-sm text-zinc-500 dark:text-zinc-400">No field matches “{filter}”.</li>}
        {others.map(([name, description]) => (
          <Check key={name} name={name} description={description} checked={selected.includes(name)} onToggle={() => toggle(name)} />
        ))}
      </ul>
      {fieldState.error?.message && (
        <p id={`${searchId}-err`} className="text-sm font-medium text-red-700 dark:text-red-400">
          ⚠ {fieldState.error.message}
        </p>
      )}
    </fieldset>
  )
}
