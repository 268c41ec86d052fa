import { lazy, Suspense, useEffect, useId, useState, type ComponentType, type InputHTMLAttributes } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useRouter } from '@tanstack/react-router'
import { zoneQueryOptions } from '@/features/zones/api/get-zone'
import { zoneSearchQueryOptions } from '@/features/zones/api/get-zones'
import { Spinner } from '@/components/ui/spinner'
import { switchZonePath, useZoneIdFromUrl } from '../current-zone'

/**
 * The combobox's code (its list, keys and highlight) is not part of the shell every page loads first:
 * it is fetched while the top bar is painted. Until it is there (an instant), the box is shown
 * disabled, so that nothing typed or focused in it can be lost when the real one takes its place.
 */
const Combobox = lazy<ComponentType<{ inputProps?: InputHTMLAttributes<HTMLInputElement> }>>(() =>
  import('@/components/ui/combobox').then(
    (m) => ({ default: m.Combobox as unknown as ComponentType<{ inputProps?: InputHTMLAttributes<HTMLInputElement> }> }),
    // Its code could not be fetched: the box stays disabled (the page says when code cannot be loaded).
    () => ({
      default: ({ inputProps }: { inputProps?: InputHTMLAttributes<HTMLInputElement> }) => (
        <input type="text" disabled {...inputProps} />
      ),
    }),
  ),
) as unknown as (typeof import('@/components/ui/combobox'))['Combobox']

const boxClass = 'relative'
const inputClass =
  'h-9 w-full rounded-md border border-zinc-300 bg-white pr-3 pl-8 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:placeholder:text-zinc-300'
const searchIcon = (
  <svg
    className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-500"
    viewBox="0 0 20 20"
    fill="none"
    aria-hidden="true"
  >
    <circle cx="9" cy="9" r="5.5" stroke="currentColor" strokeWidth="1.6" />
    <path d="M13 13l4 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
)

/** Combobox in the top bar: type part of a zone name, pick a zone; the zone goes into the URL. */
export function ZoneSwitcher() {
  const zoneId = useZoneIdFromUrl()
  const current = useQuery({ ...zoneQueryOptions(zoneId ?? ''), enabled: !!zoneId })
  const router = useRouter()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [debounced, setDebounced] = useState('')
  const labelId = useId()
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(text.trim()), 200)
    return () => window.clearTimeout(t)
  }, [text])
  const results = useQuery({ ...zoneSearchQueryOptions(debounced), enabled: open })
  const zones = results.data?.result ?? []

  const choose = (id: string) => {
    setOpen(false)
    setText('')
    void router.navigate({ href: switchZonePath(pathname, zoneId, id) })
  }
  // The zone route shows why a zone failed to load; here it only must not look like it is still loading.
  const currentName = zoneId ? (current.data?.name ?? (current.isError ? 'not found' : 'Loading zone…')) : undefined
  const placeholder = currentName ? `Zone: ${currentName}` : 'Find a zone by name…'

  return (
    <div className="w-full max-w-sm">
      <span id={labelId} className="sr-only">
        Switch zone
      </span>
      <Suspense
        fallback={
          <div className="relative">
            <div className={boxClass}>
              {searchIcon}
              <input type="text" disabled aria-labelledby={labelId} placeholder={placeholder} className={inputClass} />
            </div>
          </div>
        }
      >
        <Combobox
          options={zones}
          optionKey={(z) => z.id}
          onPick={(z) => choose(z.id)}
          renderOption={(z) => (
            <>
              <span className="truncate">{z.name}</span>
              {z.id === zoneId && <span className="text-xs text-zinc-600 dark:text-zinc-400">current</span>}
            </>
          )}
          text={open ? text : ''}
          onTextChange={setText}
          open={open}
          onOpenChange={setOpen}
          // Escape, or Tab out of the switcher, closes the list and forgets what was typed: it must not cover the page or dialogs.
          onDismiss={() => setText('')}
          listLabelledBy={labelId}
          listClassName="max-h-72"
          inputProps={{ 'aria-labelledby': labelId, placeholder, className: inputClass }}
          boxClassName={boxClass}
          before={searchIcon}
          status={
            results.isFetching ? (
              <Spinner size="sm" label="Searching" />
            ) : results.isError ? (
              'Zones could not be searched. Try again.'
            ) : zones.length === 0 ? (
              `No zone name contains “${debounced}”.`
            ) : (
              `${results.data?.resultInfo.total_count ?? zones.length} matching zones`
            )
          }
        />
      </Suspense>
    </div>
  )
}
