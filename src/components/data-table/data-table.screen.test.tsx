import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
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
afterEach(cleanup)

describe('DataTable scroll area', () => {
  // Rows without any control (links, buttons) must still be reachable to scroll by keyboard:
  // axe's scrollable-region-focusable rule (WCAG 2.1.1).
  it('is a region named by the table label that the keyboard reaches, with a visible focus ring', async () => {
    render(<Pools />)
    const area = screen.getByRole('region', { name: 'Load-balancer pools of Acme' })
    expect(within(area).getByRole('table')).toBeTruthy()
    expect(within(area).getByRole('cell', { name: 'pool-b' })).toBeTruthy()
    await userEvent.tab()
    expect(document.activeElement).toBe(area)
    expect(area.className).toContain('overflow-auto')
    // The ring is drawn on the card around it (the sticky header would hide its top edge on the area itself).
    const card = area.parentElement!
    expect(card.className).toContain('has-[>[data-scroll-area]:focus-visible]:outline-2')
    expect(card.className).toContain('has-[>[data-scroll-area]:focus-visible]:outline-blue-600')
    expect(area.hasAttribute('data-scroll-area')).toBe(true)
  })
})

describe('DataTable query prop', () => {
  function Table({ query }: { query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown } }) {
    const table = useDataTable({ columns, data: [], rowCount: 0, urlState, getRowId: (r) => r.id })
    return <DataTable table={table} label="Pools" query={query} />
  }

  it('shows the loading state of the page query', () => {
    const { container } = render(<Table query={{ isPending: true, isFetching: true, error: null, refetch: () => undefined }} />)
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0)
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull()
  })

  it('shows the query error with a Retry that asks again, instead of the table', async () => {
    let asked = 0
    const error = new Error('Could not reach the Zonekeeper server.')
    render(<Table query={{ isPending: false, isFetching: false, error, refetch: () => asked++ }} />)
    expect(screen.queryByRole('table')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(asked).toBe(1)
  })
})
