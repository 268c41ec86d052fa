import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/format'
import type { FilterSpec } from './features'
import type { TableSearch } from './url-table-state'
import type { DataTableInstance } from './use-data-table'
import type { UrlTableState } from './use-url-table-state'

const control =
  'h-9 rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:placeholder:text-zinc-400'

/** Text filter: applies 300 ms after typing stops, or at once on Enter. */
function TextFilter({ spec, value, onChange }: { spec: Extract<FilterSpec, { kind: 'text' }>; value: string; onChange: (v: string | undefined) => void }) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const [shown, setShown] = useState(value)
  const timer = useRef<number | undefined>(undefined)
  // The URL changed from elsewhere (back button, "Clear filters"): show its value.
  if (value !== shown) {
    setShown(value)
    setDraft(value)
  }
  useEffect(() => () => window.clearTimeout(timer.current), [])
  const commit = (v: string) => {
    window.clearTimeout(timer.current)
    if (v.trim() !== value) onChange(v.trim() || undefined)
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {spec.label}
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={spec.placeholder}
        onChange={(e) => {
          const v = e.target.value
          setDraft(v)
          window.clearTimeout(timer.current)
          timer.current = window.setTimeout(() => commit(v), 300)
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(draft)
        }}
        className={`${control} w-56`}
      />
    </div>
  )
}

function ChoiceFilter({ spec, value, onChange }: { spec: Exclude<FilterSpec, { kind: 'text' }>; value: string; onChange: (v: string | boolean | undefined) => void }) {
  const id = useId()
  const options = spec.kind === 'select' ? spec.options : [{ value: 'true', label: spec.trueLabel }, { value: 'false', label: spec.falseLabel }]
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {spec.label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const v = e.target.value
          onChange(v === '' ? undefined : spec.kind === 'boolean' ? v === 'true' : v)
        }}
        className={`${control} min-w-36`}
      >
        <option value="">{spec.allLabel ?? 'All'}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** All filters of a table: the columns' `meta.filter` plus `extra` filters that belong to no column. */
export function DataTableFilterBar<T extends object>({
  table,
  state,
  extra = [],
  children,
}: {
  table: DataTableInstance<T>
  state: UrlTableState<TableSearch>
  extra?: FilterSpec[]
  /** Extra controls at the end of the bar (e.g. an "Add record" button). */
  children?: ReactNode
}) {
  const specs = [...table.getAllLeafColumns().flatMap((c) => (c.columnDef.meta?.filter ? [c.columnDef.meta.filter] : [])), ...extra]
  const search = state.search as Record<string, unknown>
  const active = specs.filter((s) => search[s.key] !== undefined && search[s.key] !== '')
  // In narrow windows many filters would push the rows below the screen: they fold behind a button.
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const foldable = specs.length >= 3
  return (
    <div role="search" aria-label="Filters" className="mb-3 flex flex-wrap items-end gap-3">
      {foldable && (
        <Button className="sm:hidden" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide filters' : 'Filters'}
          {active.length > 0 && ` (${active.length} active)`}
        </Button>
      )}
      <div id={panelId} className={cn('flex w-full flex-wrap items-end gap-3 sm:w-auto', foldable && !open && 'max-sm:hidden')}>
        {specs.map((spec) => {
          const raw = search[spec.key]
          const value = raw === undefined || raw === null ? '' : String(raw)
          return spec.kind === 'text' ? (
            <TextFilter key={spec.key} spec={spec} value={value} onChange={(v) => state.setFilter(spec.key, v)} />
          ) : (
            <ChoiceFilter key={spec.key} spec={spec} value={value} onChange={(v) => state.setFilter(spec.key, v)} />
          )
        })}
        {active.length > 0 && (
          <Button variant="ghost" onClick={() => state.clearFilters(active.map((s) => s.key))}>
            Clear filters ({active.length})
          </Button>
        )}
      </div>
      {children && <div className="ml-auto flex flex-wrap items-end gap-2">{children}</div>}
    </div>
  )
}
