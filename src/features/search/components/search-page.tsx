import { lazy, Suspense, useState, type FormEvent } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { isAccountId } from '@/lib/account'
import { Button, buttonClasses } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { ErrorView } from '@/components/ui/error-view'
import { useCan } from '@/lib/access'
import type { ReplaceSelection } from '@/shared/schemas/record-replace'
import { coverageSentence, RECORD_SEARCH_MAX_CHARS, type RecordMatch, type SearchCoverage } from '@/shared/search/record-search'
import { ALL_DNS_RECORD_TYPES, hasSearch, RECORD_SEARCH_FIELDS, recordSearchCsvUrl, useRecordSearch, type RecordSearchUrl } from '../api/search-records'

const route = getRouteApi('/search')
// Loaded when a person opens it: the record schemas it checks the new value with stay out of the page's first load.
const ReplaceDialog = lazy(() => import('./replace-dialog'))

const FIELD_LABELS: Record<(typeof RECORD_SEARCH_FIELDS)[number], string> = {
  any: 'Any field',
  name: 'Name',
  content: 'Content (IP address, target)',
  comment: 'Comment',
  tag: 'Tag',
}

const inputClass =
  'h-9 w-full rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100'
const labelClass = 'flex min-w-0 flex-col gap-1 text-xs font-medium text-zinc-700 dark:text-zinc-300'

/** "14:02" today, else "Nov 28, 14:02": when the oldest zone searched was read. */
export function readTime(ms: number, now = Date.now()): string {
  const d = new Date(ms)
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  return new Date(now).toDateString() === d.toDateString() ? time : `${d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${time}`
}

/** One search across every zone's DNS records, with exactly what it covered. */
export function SearchPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const [text, setText] = useState(search.q ?? '')
  const [field, setField] = useState(search.field ?? 'any')
  const [type, setType] = useState<string>(search.type ?? '')
  const query = useRecordSearch(search)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const next: RecordSearchUrl = {}
    if (text.trim()) next.q = text.trim()
    if (field !== 'any') next.field = field
    if (type) next.type = type as RecordSearchUrl['type']
    void navigate({ to: '/search', search: next })
  }
  const data = query.data
  const canWrite = useCan('editor').allowed
  // What is ticked belongs to one search: a new search starts with nothing ticked.
  const searchKey = JSON.stringify({ q: search.q, field: search.field, type: search.type })
  const [picked, setPicked] = useState<{ key: string; rows: Map<string, RecordMatch>; all: boolean }>({ key: searchKey, rows: new Map(), all: false })
  const selection = picked.key === searchKey ? picked : { key: searchKey, rows: new Map<string, RecordMatch>(), all: false }
  // What the dialog works on, fixed when it opens (the results refresh under it once applied).
  const [changing, setChanging] = useState<{ selection: ReplaceSelection; count: number; types: string[] } | null>(null)
  const toggle = (ms: RecordMatch[], on: boolean) => {
    // Unticking one of "all matches" keeps the rest of this page ticked.
    const rows = selection.all ? new Map((data?.items ?? []).map((m) => [`${m.zone_id}:${m.id}`, m])) : new Map(selection.rows)
    for (const m of ms) {
      if (on) rows.set(`${m.zone_id}:${m.id}`, m)
      else rows.delete(`${m.zone_id}:${m.id}`)
    }
    setPicked({ key: searchKey, rows, all: false })
  }
  const chosen = selection.all ? (data?.total_count ?? 0) : selection.rows.size
  const replaceSelection: ReplaceSelection = selection.all
    ? { mode: 'search', ...(search.q ? { q: search.q } : {}), ...(search.field ? { field: search.field } : {}), ...(search.type ? { type: search.type as never } : {}) }
    : { mode: 'records', records: [...selection.rows.values()].map((m) => ({ zone_id: m.zone_id, id: m.id })) }
  const chosenTypes = selection.all ? (search.type ? [search.type] : [...new Set(data?.items.map((m) => m.type))]) : [...new Set([...selection.rows.values()].map((m) => m.type))]
  const pages = data ? Math.max(1, Math.ceil(data.total_count / data.per_page)) : 1
  const page = search.page ?? 1

  return (
    <>
      <PageHeader
        title="Search records"
        description="Find where an IP address, a host name, a comment or a tag is used in the DNS records of every zone you can see, at once. The dashboard keeps its own copy of the records to search: it is updated whenever a zone's records are viewed or changed here, and read in the background from the API when the API budget has room to spare, so each result says when its zone was read."
        actions={
          data && data.total_count > 0 ? (
            <a className={buttonClasses('secondary')} href={recordSearchCsvUrl(search)} download>
              Download CSV of every match
            </a>
          ) : undefined
        }
      />
      <form role="search" aria-label="DNS records" onSubmit={submit} className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_9rem_auto] sm:items-end">
        <label className={labelClass}>
          Search for
          <input
            type="search"
            name="q"
            value={text}
            maxLength={RECORD_SEARCH_MAX_CHARS}
            onChange={(e) => setText(e.target.value)}
            placeholder="192.0.2.10, mail.example.com, ticket-42…"
            className={inputClass}
          />
        </label>
        <label className={labelClass}>
          In
          <select name="field" value={field} onChange={(e) => setField(e.target.value as typeof field)} className={inputClass}>
            {RECORD_SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {FIELD_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Type
          <select name="type" value={type} onChange={(e) => setType(e.target.value)} className={inputClass}>
            <option value="">Any type</option>
            {ALL_DNS_RECORD_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {!hasSearch(search) ? (
        <EmptyState title="Search every zone at once" description="Type part of an IP address, a name, a comment or a tag, or choose a record type, then Search. Text matches anywhere in the field, in any case." />
      ) : query.isPending ? (
        <LoadingBlock label="Searching" />
      ) : query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <>
          <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
            <strong className="font-semibold text-zinc-900 dark:text-zinc-100">
              {data.total_count.toLocaleString('en-US')} matching record{data.total_count === 1 ? '' : 's'}.
            </strong>{' '}
            <Covered coverage={data.coverage} />
          </p>
          {data.items.length === 0 ? (
            <EmptyState title="No record matches" description="Try a shorter part of the value, another field, or any type. Zones not read yet are not searched." />
          ) : (
            <>
              {canWrite && (
                <div role="group" aria-label="Change the matches" className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                  <span aria-live="polite">{selection.all ? `All ${data.total_count.toLocaleString('en-US')} matches selected.` : `${selection.rows.size.toLocaleString('en-US')} selected.`}</span>
                  {!selection.all && data.total_count > selection.rows.size && (
                    <Button size="sm" onClick={() => setPicked({ key: searchKey, rows: new Map(), all: true })}>
                      Select all {data.total_count.toLocaleString('en-US')} matches
                    </Button>
                  )}
                  {chosen > 0 && (
                    <Button size="sm" onClick={() => setPicked({ key: searchKey, rows: new Map(), all: false })}>
                      Clear selection
                    </Button>
                  )}
                  <Button size="sm" variant="primary" disabled={chosen === 0} onClick={() => setChanging({ selection: replaceSelection, count: chosen, types: chosenTypes })}>
                    Change selected…
                  </Button>
                </div>
              )}
              <Results items={data.items} select={canWrite ? { isOn: (m) => selection.all || selection.rows.has(`${m.zone_id}:${m.id}`), toggle } : undefined} />
            </>
          )}
          {changing && (
            <Suspense fallback={<LoadingBlock label="Opening" />}>
              <ReplaceDialog selection={changing.selection} count={changing.count} types={changing.types} onClose={() => setChanging(null)} />
            </Suspense>
          )}
          {pages > 1 && (
            <nav aria-label="Pages of matches" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <Button disabled={page <= 1} onClick={() => void navigate({ to: '/search', search: { ...search, page: page - 1 > 1 ? page - 1 : undefined } })}>
                Previous
              </Button>
              <span>
                Page {page} of {pages.toLocaleString('en-US')}
              </span>
              <Button disabled={page >= pages} onClick={() => void navigate({ to: '/search', search: { ...search, page: page + 1 } })}>
                Next
              </Button>
            </nav>
          )}
        </>
      ) : null}
    </>
  )
}

function Covered({ coverage }: { coverage: SearchCoverage }) {
  return <span>{coverageSentence(coverage, (ms) => readTime(ms))}</span>
}

/** The matches: a table that scrolls sideways inside its own region when the window is narrow. */
function Results({ items, select }: { items: RecordMatch[]; select?: { isOn: (m: RecordMatch) => boolean; toggle: (ms: RecordMatch[], on: boolean) => void } }) {
  const allOn = items.length > 0 && items.every((m) => select?.isOn(m))
  return (
    // A scrolling region is reached by keyboard, so its overflow can be scrolled without a mouse.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label="Matching records" tabIndex={0} className="overflow-x-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-600 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {select && (
              <th scope="col" className="w-8 px-3 py-2">
                <input type="checkbox" aria-label="Select every match on this page" checked={allOn} onChange={(e) => select.toggle(items, e.target.checked)} />
              </th>
            )}
            <th scope="col" className="px-3 py-2 font-semibold">Zone</th>
            <th scope="col" className="px-3 py-2 font-semibold">Account</th>
            <th scope="col" className="px-3 py-2 font-semibold">Name</th>
            <th scope="col" className="px-3 py-2 font-semibold">Type</th>
            <th scope="col" className="px-3 py-2 font-semibold">Content</th>
            <th scope="col" className="px-3 py-2 font-semibold">Comment</th>
            <th scope="col" className="px-3 py-2 font-semibold">As of</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {items.map((m) => (
            <tr key={`${m.zone_id}:${m.id}`}>
              {select && (
                <td className="px-3 py-2">
                  <input type="checkbox" aria-label={`Select ${m.name} (${m.type}) in ${m.zone_name}`} checked={select.isOn(m)} onChange={(e) => select.toggle([m], e.target.checked)} />
                </td>
              )}
              <td className="px-3 py-2 break-all">{m.zone_name}</td>
              <td className="px-3 py-2 break-words">{m.account_name ?? m.account_id}</td>
              <td className="px-3 py-2 break-all">
                <Link
                  to="/zones/$zoneId/dns"
                  params={{ zoneId: m.zone_id }}
                  // The zone's own account (the switcher's `?account=`): a zone of another account opens there, not in the one active now.
                  search={{ 'name.contains': m.name, type: m.type as NonNullable<RecordSearchUrl['type']>, ...(isAccountId(m.account_id) ? { account: m.account_id } : {}) }}
                  className="font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
                  aria-label={`${m.name} (${m.type}) in ${m.zone_name}'s DNS records`}
                >
                  {m.name}
                </Link>
              </td>
              <td className="px-3 py-2">{m.type}</td>
              <td className="px-3 py-2 break-all font-mono text-xs">{m.content}</td>
              <td className="px-3 py-2 break-words">{m.comment}</td>
              <td className="px-3 py-2 whitespace-nowrap">{readTime(m.read_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
