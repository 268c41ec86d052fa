import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ControlProps } from '@/components/form/field'
import { inputBorder } from '@/components/form/field'
import { Combobox } from '@/components/ui/combobox'
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
  account,
}: {
  /** Another account than the one the page acts in (a grant there): its zones are listed. */
  account?: string
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
  const inputRef = useRef<HTMLInputElement>(null)
  const chipsRef = useRef<HTMLUListElement>(null)
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(text.trim().toLowerCase()), DEBOUNCE_MS)
    return () => window.clearTimeout(t)
  }, [text])
  const results = useQuery({ ...zonePickQueryOptions(debounced, account), enabled: open })
  // Until the typed text has been asked, the previous answer is not about it: nothing to pick yet.
  const settled = debounced === text.trim().toLowerCase() && !results.isPlaceholderData
  const zones = settled ? (results.data?.result ?? []) : []
  const total = results.data?.resultInfo.total_count ?? zones.length
  const chosen = new Set(value)

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
    <Combobox
      options={zones}
      optionKey={(z) => z.id}
      isSelected={(z) => chosen.has(z.name.toLowerCase())}
      multiselectable
      listLabel="Zones of the account"
      onPick={(z) => {
        toggle(z.name)
        setText('')
        inputRef.current?.focus()
      }}
      renderOption={(z) => (
        <>
          <span className="wrap-anywhere">{z.name}</span>
          {chosen.has(z.name.toLowerCase()) && (
            <span aria-hidden="true" className="text-xs font-medium text-emerald-800 dark:text-emerald-300">
              ✓ chosen
            </span>
          )}
        </>
      )}
      text={text}
      onTextChange={setText}
      open={open}
      onOpenChange={setOpen}
      onLeave={onBlur}
      // In the person dialog: the list opens in the dialog's scrolling body, never under its footer.
      inFlow
      inputRef={inputRef}
      inputProps={{
        ...control,
        disabled,
        placeholder: value.length ? 'Add another zone…' : 'Type part of a zone name…',
        className:
          'min-w-40 flex-1 border-0 bg-transparent px-1 py-1 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-zinc-100 dark:placeholder:text-zinc-400',
      }}
      onKeyDown={(e) => {
        if (e.key === 'Backspace' && !text && value.length) {
          e.preventDefault()
          onChange(value.slice(0, -1))
        }
      }}
      boxClassName={cn(
        'flex flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 shadow-sm focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-blue-600 dark:bg-zinc-800',
        inputBorder(invalid),
      )}
      before={
        value.length > 0 && (
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
        )
      }
      status={
        open ? (
          <>
            {(!settled || results.isFetching) && <Spinner size="sm" label="" />}
            {status}
          </>
        ) : undefined
      }
    />
  )
}
