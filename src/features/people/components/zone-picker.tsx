import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ControlProps } from '@/components/form/field'
import { inputBorder } from '@/components/form/field'
import { Spinner } from '@/components/ui/spinner'
import { cn, formatNumber } from '@/lib/format'
import { ZONE_PICKS_SHOWN, zonePickQueryOptions } from '../api/zone-search'

/** Typing pauses this long before the account's zones are asked. */
const DEBOUNCE_MS = 250

/**
 * Zones chosen from the account's own list: a combobox that asks the zones API
 * with the typed text as a name filter (debounced, first 20 by name, so thousands of zones cost one
 * small request), arrows and Enter to pick, Escape to close the list; the chosen zones are chips,
 * each removed by its button or, in an empty box, Backspace. Nothing typed can be chosen unless the
 * account has it: a typo finds no zone.
 */
export function ZonePicker({
  value,
  onChange,
  onBlur,
  invalid,
  control,
  disabled,
}: {
  value: string[]
  onChange: (zones: string[]) => void
  onBlur: () => void
  invalid: boolean
  /** Label, description and error wiring from the surrounding <Field>. */
  control: ControlProps
  disabled?: boolean
}) {
  const [text, setText] = useState('')
  const [debounced, setDebounced] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const boxRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const chipsRef = useRef<HTMLUListElement>(null)
  const listId = useId()
  const statusId = useId()
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(text.trim().toLowerCase()), DEBOUNCE_MS)
    return () => window.clearTimeout(t)
  }, [text])
  const results = useQuery({ ...zonePickQueryOptions(debounced), enabled: open })
  // Until the typed text has been asked, the previous answer is not about it: nothing to pick yet.
  const settled = debounced === text.trim().toLowerCase() && !results.isPlaceholderData
  const zones = settled ? (results.data?.result ?? []) : []
  const total = results.data?.resultInfo.total_count ?? zones.length
  const chosen = new Set(value)
  const at = Math.min(active, Math.max(0, zones.length - 1))

  const toggle = (name: string) => {
    const lower = name.toLowerCase()
    onChange(chosen.has(lower) ? value.filter((z) => z !== lower) : [...value, lower])
  }
  /** Removes a chip; focus goes to the next chip's button, else the previous one's, else the box. */
  const remove = (i: number) => {
    onChange(value.filter((_, j) => j !== i))
    window.setTimeout(() => {
      const buttons = chipsRef.current?.querySelectorAll<HTMLButtonElement>('button')
      const next = buttons?.[Math.min(i, (buttons?.length ?? 0) - 1)]
      ;(next ?? inputRef.current)?.focus()
    }, 0)
  }
  const status = !open
    ? ''
    : !settled || results.isFetching
      ? 'Searching the account’s zones…'
      : results.isError
        ? 'The zones could not be searched. Type again to retry.'
        : zones.length === 0
          ? debounced
            ? `No zone of the account has a name containing “${debounced}”. Check the spelling.`
            : 'This account has no zones.'
          : total > zones.length
            ? `${formatNumber(total)} zones match; the first ${ZONE_PICKS_SHOWN} are listed. Type more of the name to narrow.`
            : `${formatNumber(total)} ${total === 1 ? 'zone matches' : 'zones match'}.`

  return (
    <div
      ref={boxRef}
      className="relative"
      onBlur={(e) => {
        // Tab (or a click) out of the picker closes the list; moving between its parts does not.
        if (!boxRef.current?.contains(e.relatedTarget as Node | null)) {
          setOpen(false)
          onBlur()
        }
      }}
    >
      <div
        className={cn(
          'flex flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-blue-600 dark:bg-zinc-800',
          inputBorder(invalid),
        )}
      >
        {value.length > 0 && (
          <ul ref={chipsRef} className="contents" aria-label="Chosen zones">
            {value.map((z, i) => (
              <li key={z} className="inline-flex items-center gap-1 rounded bg-zinc-100 py-0.5 pr-1 pl-2 text-sm text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100">
                <span className="wrap-anywhere">{z}</span>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => remove(i)}
                  aria-label={`Remove ${z}`}
                  className="rounded px-1 text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:text-white"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          {...control}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && zones[at] ? `${listId}-${at}` : undefined}
          aria-describedby={[open ? statusId : '', control['aria-describedby'] ?? ''].filter(Boolean).join(' ') || undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          value={text}
          placeholder={value.length ? 'Add another zone…' : 'Type part of a zone name…'}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onChange={(e) => {
            setText(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              if (!open) setOpen(true)
              else setActive(Math.min(at + 1, zones.length - 1))
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              setActive(Math.max(at - 1, 0))
            } else if (e.key === 'Home' && open && zones.length) {
              e.preventDefault()
              setActive(0)
            } else if (e.key === 'End' && open && zones.length) {
              e.preventDefault()
              setActive(zones.length - 1)
            } else if (e.key === 'Enter' && (open || text.trim())) {
              // Never submits the form from here: Enter picks the highlighted zone, or does nothing.
              e.preventDefault()
              if (open && zones[at]) {
                toggle(zones[at].name)
                setText('')
              }
            } else if (e.key === 'Escape' && open) {
              // Closes the list only: the dialog around stays open.
              e.preventDefault()
              e.stopPropagation()
              setOpen(false)
            } else if (e.key === 'Backspace' && !text && value.length) {
              e.preventDefault()
              onChange(value.slice(0, -1))
            }
          }}
          className="min-w-40 flex-1 border-0 bg-transparent px-1 py-1 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
      </div>
      {open && (
        <div className="absolute top-full left-0 z-40 mt-1 w-full overflow-hidden rounded-md border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          <ul id={listId} role="listbox" aria-multiselectable="true" aria-label="Zones of the account" className="max-h-60 overflow-y-auto py-1">
            {zones.map((z, i) => (
              // Options are picked by keyboard through the combobox (arrows + Enter); the click is for the pointer.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={z.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={chosen.has(z.name.toLowerCase())}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  toggle(z.name)
                  setText('')
                  inputRef.current?.focus()
                }}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
                  i === at ? 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : 'text-zinc-800 dark:text-zinc-200',
                )}
              >
                <span className="wrap-anywhere">{z.name}</span>
                {chosen.has(z.name.toLowerCase()) && (
                  <span aria-hidden="true" className="text-xs font-medium text-emerald-800 dark:text-emerald-300">
                    ✓ chosen
                  </span>
                )}
              </li>
            ))}
          </ul>
          <p id={statusId} className="flex items-center gap-2 border-t border-zinc-100 px-3 py-1.5 text-xs text-zinc-700 dark:border-zinc-800 dark:text-zinc-300" aria-live="polite">
            {(!settled || results.isFetching) && <Spinner size="sm" label="" />}
            {status}
          </p>
        </div>
      )}
    </div>
  )
}
