import type { ReactNode } from 'react'
import type { UrlTableState } from '@/components/data-table/use-url-table-state'
import type { TableSearch } from '@/components/data-table/url-table-state'
import { cn } from '@/lib/format'
import { STATUS_TABS, type StatusTab } from '../api/search'

const TAB_TEXT: Record<StatusTab, { label: string; help: string }> = {
  active: { label: 'Active', help: 'Seen regularly on your pages (shown unless you pick another tab).' },
  infrequent: { label: 'Infrequent', help: 'Seen fewer than 3 times; may be a test, a bot or something just added.' },
  all: { label: 'All', help: 'Active, infrequent and inactive (not seen for 7 days or more).' },
}

const segment = (on: boolean) =>
  cn(
    'px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
    on
      ? 'bg-blue-600 text-white'
      : 'bg-white text-zinc-700 hover:bg-zinc-50 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700',
  )

/** Status tabs (active / infrequent / all), kept in the URL as `status`. */
export function StatusTabs({ state }: { state: UrlTableState<TableSearch & { status?: StatusTab }> }) {
  const current = state.search.status ?? 'active'
  return (
    <div
      role="group"
      aria-label="Which status to show"
      className="inline-flex rounded-md border border-zinc-300 shadow-sm dark:border-zinc-600"
    >
      {STATUS_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          aria-pressed={current === tab}
          title={TAB_TEXT[tab].help}
          onClick={() => state.setFilter('status', tab === 'active' ? undefined : tab)}
          className={segment(current === tab)}
        >
          {TAB_TEXT[tab].label}
        </button>
      ))}
    </div>
  )
}

/** A yes/no view switch kept in the URL (e.g. "Malicious first"). */
export function ToggleFilter({
  pressed,
  onChange,
  children,
  help,
}: {
  pressed: boolean
  onChange: (on: boolean) => void
  children: ReactNode
  help?: string
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={help}
      onClick={() => onChange(!pressed)}
      className={cn('rounded-md border border-zinc-300 shadow-sm dark:border-zinc-600', segment(pressed), 'rounded-md')}
    >
      {pressed ? '✓ ' : ''}
      {children}
    </button>
  )
}

/** Download of the API's CSV export for the filters on screen (no paging: every match, up to 50,000). */
export function CsvDownload({ href, what }: { href: string; what: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-9 items-center rounded-md border border-zinc-300 bg-white px-3.5 text-sm font-medium text-zinc-800 shadow-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
      title={`Every ${what} matching the filters on screen, as a CSV file (up to 50,000 rows).`}
    >
      Download CSV
    </a>
  )
}
