import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { DataTable } from './data-table'
import { deleteColumn } from './delete-column'
import { createDataTableColumnHelper } from './features'
import { useDataTable } from './use-data-table'
import type { TableSearch } from './url-table-state'
import type { UrlTableState } from './use-url-table-state'

interface Row {
  id: string
  name: string
}
const rows: Row[] = [
  { id: '1', name: 'Block bots' },
  { id: '2', name: 'Allow office' },
]
const col = createDataTableColumnHelper<Row>()
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

function Rules({ onDelete }: { onDelete: (r: Row) => void }) {
  const columns = col.columns([col.accessor('name', { id: 'name', header: 'Name', enableSorting: false }), deleteColumn<Row>((r) => r.name, onDelete)])
  const table = useDataTable({ columns, data: rows, rowCount: rows.length, urlState, getRowId: (r) => r.id })
  return <DataTable table={table} label="Firewall rules" itemLabel="rules" />
}

afterEach(cleanup)

describe('deleteColumn', () => {
  it('is a column headed "Actions" (for screen readers) with one Delete button per row, named after its row', () => {
    render(<Rules onDelete={() => undefined} />)
    const table = screen.getByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeTruthy()
    expect(within(table).getAllByRole('button', { name: /^Delete / }).map((b) => b.textContent)).toEqual(['Delete Block bots', 'Delete Allow office'])
  })

  it('hands the row to onDelete when its button is pressed', async () => {
    const deleted: Row[] = []
    render(<Rules onDelete={(r) => deleted.push(r)} />)
    await userEvent.click(screen.getByRole('button', { name: 'Delete Allow office' }))
    expect(deleted).toEqual([rows[1]])
  })
})
