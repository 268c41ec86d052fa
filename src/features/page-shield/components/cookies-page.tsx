import { useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import type { PageShieldCookie } from '@/shared/schemas/page-shield'
import { exportCsvUrl, useCookies } from '../api/resources'
import { cookieFilterParams, pagingParams, resourceTableOptions } from '../api/search'
import { expiryText } from '../lib/cookie-text'
import { CookieFlags } from './cookie-flags'
import { CsvDownload } from './list-controls'
import { SeenDate, shorten } from './script-columns'

const route = getRouteApi('/zones/$zoneId/page-shield/cookies')
const EMPTY: PageShieldCookie[] = []
const FILTER_KEYS = ['name', 'hosts', 'page_url', 'type', 'same_site', 'secure', 'http_only']
const col = createDataTableColumnHelper<PageShieldCookie>()

function getCookieColumns(zoneId: string) {
  return col.columns([
    col.accessor('name', {
      id: 'name',
      header: 'Name',
      enableSorting: false,
      meta: { filter: { kind: 'text', key: 'name', label: 'Name (* at start or end)', placeholder: 'e.g. session*' } },
      cell: (info) => (
        <Link
          to="/zones/$zoneId/page-shield/cookies/$cookieId"
          params={{ zoneId, cookieId: info.row.original.id }}
          title={info.getValue()}
          className="font-mono text-[0.8125rem] break-all text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
        >
          {shorten(info.getValue(), 40)}
        </Link>
      ),
    }),
    col.accessor('host', {
      id: 'host',
      header: 'Host',
      enableSorting: false,
      meta: { filter: { kind: 'text', key: 'hosts', label: 'Host (* for any part)' } },
      cell: (info) => <span className="break-all">{info.getValue()}</span>,
    }),
    col.accessor('type', {
      id: 'type',
      header: 'Type',
      enableSorting: false,
      meta: {
        filter: {
          kind: 'select',
          key: 'type',
          label: 'Type',
          allLabel: 'Any type',
          options: [
            { value: 'first_party', label: 'First party' },
            { value: 'unknown', label: 'Unknown' },
          ],
        },
      },
      cell: (info) => (info.getValue() === 'first_party' ? 'First party' : 'Unknown'),
    }),
    col.display({ id: 'flags', header: 'Attributes', cell: (info) => <CookieFlags cookie={info.row.original} /> }),
    col.display({
      id: 'expires',
      header: 'Expires',
      cell: (info) => <span className="text-sm">{expiryText(info.row.original)}</span>,
    }),
    col.accessor('first_seen_at', {
      id: 'first_seen_at',
      header: 'First seen',
      cell: (info) => <SeenDate iso={info.getValue()} />,
    }),
    col.accessor('last_seen_at', { id: 'last_seen_at', header: 'Last seen', cell: (info) => <SeenDate iso={info.getValue()} /> }),
  ])
}

const FILTERS = [
  {
    kind: 'select' as const,
    key: 'same_site',
    label: 'SameSite',
    allLabel: 'Any',
    options: [
      { value: 'strict', label: 'Strict' },
      { value: 'lax', label: 'Lax' },
      { value: 'none', label: 'None' },
    ],
  },
  { kind: 'boolean' as const, key: 'secure', label: 'Secure', trueLabel: 'Secure only', falseLabel: 'Not Secure' },
  {
    kind: 'boolean' as const,
    key: 'http_only',
    label: 'HttpOnly',
    trueLabel: 'HttpOnly only',
    falseLabel: 'Readable by scripts',
  },
  { kind: 'text' as const, key: 'page_url', label: 'Seen on page (* for any part)' },
]

/** Cookies set on the zone's pages, with their attributes in plain words; filters in the URL. */
export function CookiesPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, resourceTableOptions)
  const q = useCookies(zoneId, state.search)
  const columns = useMemo(() => getCookieColumns(zoneId), [zoneId])
  const table = useDataTable({
    columns,
    data: q.data?.result ?? EMPTY,
    rowCount: q.data?.resultInfo.total_count,
    urlState: state,
    getRowId: (c) => c.id,
  })
  const filtered = FILTER_KEYS.some((k) => (state.search as Record<string, unknown>)[k] !== undefined)
  return (
    <>
      <PageHeader
        title="Cookies"
        description="Cookies your pages set in visitors' browsers, by your own server or by scripts. Check that session cookies are Secure and HttpOnly."
        actions={
          <CsvDownload
            href={exportCsvUrl(zoneId, 'cookies', { ...cookieFilterParams(state.search), ...pagingParams(state.search) })}
            what="cookie"
          />
        }
      />
      <DataTableFilterBar table={table} state={state} extra={FILTERS} />
      <DataTable
        table={table}
        label="Detected cookies"
        itemLabel="cookies"
        isLoading={q.isPending}
        isFetching={q.isFetching}
        error={q.error}
        onRetry={() => void q.refetch()}
        pageSizes={resourceTableOptions.pageSizes}
        empty={
          filtered ? (
            <EmptyState
              title="No cookie matches these filters"
              action={<Button onClick={() => state.clearFilters(FILTER_KEYS)}>Clear filters</Button>}
            />
          ) : (
            <EmptyState title="No cookies detected yet" />
          )
        }
      />
    </>
  )
}
