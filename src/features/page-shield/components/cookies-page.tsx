import { useEffect, useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { PageHeader } from '@/components/ui/page-header'
import type { PageShieldCookie } from '@/shared/schemas/page-shield'
import { cookiesParams, exportCsvUrl, useCookies } from '../api/resources'
import { resourceTableOptions } from '../api/search'
import { expiryText } from '../lib/cookie-text'
import { CookieFlags } from './cookie-flags'
import { CsvDownload } from './list-controls'
import { ITEM_LINK_CLASS, seenColumns, shorten } from './resource-columns'
import { rememberListView } from '../lib/last-view'

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
          className={ITEM_LINK_CLASS}
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
    ...seenColumns<PageShieldCookie>(),
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
  useEffect(() => rememberListView(zoneId, 'cookies', state.search), [zoneId, state.search])
  const q = useCookies(zoneId, state.search)
  const columns = useMemo(() => getCookieColumns(zoneId), [zoneId])
  const table = useDataTable({
    columns,
    data: q.data?.result ?? EMPTY,
    rowCount: q.data?.resultInfo.total_count,
    urlState: state,
    getRowId: (c) => c.id,
  })
  return (
    <>
      <PageHeader
        title="Cookies"
        description="Cookies your pages set in visitors' browsers, by your own server or by scripts. Check that session cookies are Secure and HttpOnly."
        actions={<CsvDownload href={exportCsvUrl(zoneId, 'cookies', cookiesParams(state.search))} what="cookie" />}
      />
      <DataTableFilterBar table={table} state={state} extra={FILTERS} />
      <DataTable
        table={table}
        label="Detected cookies"
        itemLabel="cookies"
        query={q}
        pageSizes={resourceTableOptions.pageSizes}
        empty={
          <FilterableEmptyState
            state={state}
            filterKeys={FILTER_KEYS}
            noMatch={{ title: 'No cookie matches these filters' }}
            none={{ title: 'No cookies detected yet' }}
          />
        }
      />
    </>
  )
}
