import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { DataTable } from './data-table'
import { createDataTableColumnHelper } from './features'
import { useDataTable } from './use-data-table'
import type { TableSearch } from './url-table-state'
import type { UrlTableState } from './use-url-table-state'

interface Row {
  id: string
  name: string
}
const col = createDataTableColumnHelper<Row>()
const columns = col.columns([col.accessor('name', { id: 'name', header: 'Name', enableSorting: false })])
const rows: Row[] = [
  { id: '1', name: 'pool-a' },
  { id: '2', name: 'pool-b' },
]
const urlState: UrlTableState<TableSearch> = {
  search: {},
  pagination: { pageIndex: 0, pageSize: 20 },
  sorting: [],
  onPaginationChange: () => undefined,
  onSortingChange: () => undefined,
  replacePageIndex: () => undefined,
  setFilter: () => undefined,
  clearFilters: () => undefined,
  pageSizes: [20],
}

function Pools() {
  const table = useDataTable({ columns, data: rows, rowCount: rows.length, urlState, getRowId: (r) => r.id })
  return <DataTable table={table} label="Load-balancer pools of Acme" itemLabel="pools" />
}

/** The element that directly wraps the <table>: its opening tag. */
const scrollArea = (html: string) => {
  const table = html.indexOf('<table')
  return html.slice(html.lastIndexOf('<div', table), html.indexOf('>', html.lastIndexOf('<div', table)) + 1)
}

describe('DataTable scroll area', () => {
  // Rows without any control (links, buttons) must still be reachable to scroll by keyboard:
  // axe's scrollable-region-focusable rule (WCAG 2.1.1).
  it('is a focusable region named by the table label, with a visible focus ring', () => {
    const html = renderToStaticMarkup(<Pools />)
    const area = scrollArea(html)
    expect(area).toContain('role="region"')
    expect(area).toContain('aria-label="Load-balancer pools of Acme"')
    expect(area).toContain('tabindex="0"')
    expect(area).toContain('overflow-auto')
    expect(area).toContain('data-scroll-area')
    // The ring is drawn on the card (the sticky header would hide its top edge on the area itself).
    const card = html.slice(0, html.indexOf('>') + 1)
    expect(card).toContain('has-[&gt;[data-scroll-area]:focus-visible]:outline-2')
    expect(card).toContain('has-[&gt;[data-scroll-area]:focus-visible]:outline-blue-600')
    expect(html).toContain('pool-b')
  })
})

describe('DataTable query prop', () => {
  function Table({ query }: { query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown } }) {
    const table = useDataTable({ columns, data: [], rowCount: 0, urlState, getRowId: (r) => r.id })
    return <DataTable table={table} label="Pools" query={query} />
  }

  it('shows the loading state of the page query', () => {
    const html = renderToStaticMarkup(<Table query={{ isPending: true, isFetching: true, error: null, refetch: () => undefined }} />)
    expect(html).toContain('Loading…')
    expect(html).toContain('aria-busy="true"')
  })

  it('shows the query error with a Retry instead of the table', () => {
    const error = new Error('Could not reach the Zonekeeper server.')
    const html = renderToStaticMarkup(<Table query={{ isPending: false, isFetching: false, error, refetch: () => undefined }} />)
    expect(html).toContain('Retry')
    expect(html).not.toContain('<table')
  })
})
