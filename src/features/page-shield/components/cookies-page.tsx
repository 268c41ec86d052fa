import { useEffect, useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { DataTable } from '@/components/data-table/data-table'
import { DataTableFilterBar } from '@/components/data-table/data-table-filter-bar'
import { createDataTableColumnHelper } from '@/components/data-table/features'
import { listFilter } from '@/components/data-table/list-filter'
import { FilterableEmptyState } from '@/components/data-table/filterable-empty-state'
import { useDataTable } from '@/components/data-table/use-data-table'
import { useUrlTableState } from '@/components/data-table/use-url-table-state'
import { PageHeader } from '@/components/ui/page-header'
import type { PageShieldCookie } from '@/shared/schemas/page-shield'
import { exportCsvUrl, useCookies } from '../api/resources'
import { cookiesPage } from '../api/search'
import { expiryText } from '../lib/cookie-text'
import { CookieFlags } from './cookie-flags'
import { CsvDownload } from './list-controls'
import { ITEM_LINK_CLASS, seenColumns, shorten } from './resource-columns'
import { rememberListView } from '../lib/last-view'

const route = getRouteApi('/zones/$zoneId/page-shield/cookies')
const EMPTY: PageShieldCookie[] = []
const FILTER_KEYS = [...cookiesPage.filters]
const col = createDataTableColumnHelper<PageShieldCookie>()

function getCookieColumns(zoneId: string) {
  return col.columns([
    col.accessor('name', {
      id: 'name',
      header: 'Name',
      enableSorting: false,
      meta: { filter: listFilter(cookiesPage, 'name', { label: 'Name (* at start or end)', placeholder: 'e.g. session*' }) },
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
      meta: { filter: listFilter(cookiesPage, 'hosts', { label: 'Host (* for any part)' }) },
      cell: (info) => <span className="break-all">{info.getValue()}</span>,
    }),
    col.accessor('type', {
      id: 'type',
      header: 'Type',
      enableSorting: false,
      meta: {
        filter: listFilter(cookiesPage, 'type', {
          label: 'Type',
          allLabel: 'Any type',
          optionLabels: { first_party: 'First party', unknown: 'Unknown' },
        }),
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
  listFilter(cookiesPage, 'same_site', {
    label: 'SameSite',
    allLabel: 'Any',
    options: ['strict', 'lax', 'none'],
    optionLabels: { strict: 'Strict', lax: 'Lax', none: 'None' },
  }),
  listFilter(cookiesPage, 'secure', { label: 'Secure', trueLabel: 'Secure only', falseLabel: 'Not Secure' }),
  listFilter(cookiesPage, 'http_only', { label: 'HttpOnly', trueLabel: 'HttpOnly only', falseLabel: 'Readable by scripts' }),
  listFilter(cookiesPage, 'page_url', { label: 'Seen on page (* for any part)' }),
]

/** Cookies set on the zone's pages, with their attributes in plain words; filters in the URL. */
export function CookiesPage() {
  const { zoneId } = route.useParams()
  const state = useUrlTableState(route, cookiesPage)
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
        actions={<CsvDownload href={exportCsvUrl(zoneId, 'cookies', cookiesPage.apiParams(state.search))} what="cookie" />}
      />
      <DataTableFilterBar table={table} state={state} extra={FILTERS} />
      <DataTable
        table={table}
        label="Detected cookies"
        itemLabel="cookies"
        query={q}
        pageSizes={cookiesPage.pageSizes}
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
