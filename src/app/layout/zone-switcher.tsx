import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useRouter } from '@tanstack/react-router'
import { zoneQueryOptions } from '@/features/zones/api/get-zone'
import { zoneSearchQueryOptions } from '@/features/zones/api/get-zones'
import { cn } from '@/lib/format'
import { Spinner } from '@/components/ui/spinner'
import { switchZonePath, useZoneIdFromUrl } from '../current-zone'

/** Combobox in the top bar: type part of a zone name, pick a zone; the zone goes into the URL. */
export function ZoneSwitcher() {
  const zoneId = useZoneIdFromUrl()
  const current = useQuery({ ...zoneQueryOptions(zoneId ?? ''), enabled: !!zoneId })
  const router = useRouter()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [debounced, setDebounced] = useState('')
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const boxRef = useRef<HTMLDivElement>(null)
  const listId = useId()
  const labelId = useId()
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(text.trim()), 200)
    return () => window.clearTimeout(t)
  }, [text])
  const results = useQuery({ ...zoneSearchQueryOptions(debounced), enabled: open })
  const zones = results.data?.result ?? []
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  const choose = (id: string) => {
    setOpen(false)
    setText('')
    void router.navigate({ href: switchZonePath(pathname, zoneId, id) })
  }
  // The zone route shows why a zone failed to load; here it only must not look like it is still loading.
  const currentName = zoneId ? (current.data?.name ?? (current.isError ? 'not found' : 'Loading zone…')) : undefined

  return (
    <div ref={boxRef} className="relative w-full max-w-sm">
      <span id={labelId} className="sr-only">
        Switch zone
      </span>
      <div className="relative">
        <svg className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <circle cx="9" cy="9" r="5.5" stroke="currentColor" strokeWidth="1.6" />
          <path d="M13 13l4 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          role="combobox"
          aria-labelledby={labelId}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && zones[active] ? `${listId}-${zones[active].id}` : undefined}
          value={open ? text : ''}
          placeholder={currentName ? `Zone: ${currentName}` : 'Find a zone by name…'}
          onFocus={() => setOpen(true)}
          onBlur={(e) => {
            // Tab (or any focus move) out of the switcher closes the list: it must not cover the page or dialogs.
            if (!boxRef.current?.contains(e.relatedTarget as Node | null)) {
              setOpen(false)
              setText('')
            }
          }}
          onChange={(e) => {
            setText(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              setOpen(true)
              setActive((a) => Math.min(a + 1, zones.length - 1))
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              setActive((a) => Math.max(a - 1, 0))
            } else if (e.key === 'Enter' && open && zones[active]) {
              e.preventDefault()
              choose(zones[active].id)
            } else if (e.key === 'Escape') {
              setOpen(false)
              setText('')
            }
          }}
          className="h-9 w-full rounded-md border border-zinc-300 bg-white pr-3 pl-8 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:placeholder:text-zinc-300"
        />
      </div>
      {open && (
        <div className="absolute top-full left-0 z-40 mt-1 w-full overflow-hidden rounded-md border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          <ul id={listId} role="listbox" aria-labelledby={labelId} className="max-h-72 overflow-y-auto py-1">
            {zones.map((z, i) => (
              // Options are chosen by keyboard through the combobox input (arrows + Enter); the click is for the mouse.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={z.id}
                id={`${listId}-${z.id}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(z.id)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm',
                  i === active ? 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : 'text-zinc-800 dark:text-zinc-200',
                )}
              >
                <span className="truncate">{z.name}</span>
                {z.id === zoneId && <span className="text-xs text-zinc-600 dark:text-zinc-400">current</span>}
              </li>
            ))}
          </ul>
          <div className="border-t border-zinc-100 px-3 py-1.5 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400" aria-live="polite">
            {results.isFetching ? (
              <Spinner size="sm" label="Searching" />
            ) : results.isError ? (
              'Zones could not be searched. Try again.'
            ) : zones.length === 0 ? (
              `No zone name contains “${debounced}”.`
            ) : (
              `${results.data?.resultInfo.total_count ?? zones.length} matching zones`
            )}
          </div>
        </div>
      )}
    </div>
  )
}
