import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link, type LinkComponentProps } from '@tanstack/react-router'
import { cn } from '@/lib/format'

export interface TabItem {
  id: string
  label: ReactNode
  content: ReactNode
}

const tabBase =
  '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-600'
const tabActive = 'border-blue-600 text-blue-700 dark:border-blue-400 dark:text-blue-300'
const tabInactive = 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-50'
const tabClass = (active: boolean) => cn(tabBase, active ? tabActive : tabInactive)

/** In-page tabs (ARIA tabs pattern: arrow keys move between tabs, Tab moves into the panel). */
export function Tabs({ items, value, onChange, label }: { items: TabItem[]; value?: string; onChange?: (id: string) => void; label: string }) {
  const [inner, setInner] = useState(items[0]?.id)
  const active = value ?? inner
  const base = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const select = (id: string) => {
    setInner(id)
    onChange?.(id)
  }
  const onKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : delta ? (index + delta + items.length) % items.length : -1
    if (target < 0) return
    e.preventDefault()
    select(items[target].id)
    refs.current[target]?.focus()
  }
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-700">
        {items.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            role="tab"
            type="button"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={(e) => onKey(e, i)}
            className={tabClass(t.id === active)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) =>
        t.id === active ? (
          <div key={t.id} role="tabpanel" id={`${base}-panel-${t.id}`} aria-labelledby={`${base}-tab-${t.id}`} className="pt-4">
            {t.content}
          </div>
        ) : null,
      )}
    </div>
  )
}

export type TabNavItem = { label: ReactNode } & Pick<LinkComponentProps, 'to' | 'params' | 'search'> & { exact?: boolean }

/** Tabs that are links between child routes (e.g. Scripts / Connections / Cookies / Policies). */
export function TabNav({ items, label }: { items: TabNavItem[]; label: string }) {
  return (
    // Wraps onto a second line in narrow windows rather than hiding tabs off-screen.
    <nav aria-label={label} className="mb-5 flex flex-wrap gap-x-1 border-b border-zinc-200 dark:border-zinc-700">
      {items.map((t, i) => (
        <Link
          key={i}
          to={t.to}
          params={t.params}
          search={t.search}
          activeOptions={{ exact: t.exact ?? false, includeSearch: false }}
          className={tabBase}
          activeProps={{ className: tabActive, 'aria-current': 'page' }}
          inactiveProps={{ className: tabInactive }}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  )
}
