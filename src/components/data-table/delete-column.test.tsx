import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { deleteColumn } from './delete-column'

interface Row {
  id: string
  name: string
}
const rows: Row[] = [
  { id: '1', name: 'Block bots' },
  { id: '2', name: 'Allow office' },
]

// The column's parts are called the way the table calls them: header() and cell({ row }).
type Cell = (ctx: { row: { original: Row } }) => ReactElement<{ onClick: () => void }>

describe('deleteColumn', () => {
  it('is a hidden "Actions" header over one Delete button per row, named after the row', () => {
    const column = deleteColumn<Row>(
      (r) => r.name,
      () => undefined,
    )
    expect(renderToStaticMarkup((column.header as () => ReactElement)())).toBe('<span class="sr-only">Actions</span>')
    const cell = column.cell as Cell
    expect(renderToStaticMarkup(cell({ row: { original: rows[0] } }))).toMatch(
      /^<button type="button"[^>]*>Delete<span class="sr-only"> Block bots<\/span><\/button>$/,
    )
    expect(column.enableSorting).toBe(false)
  })

  it('hands the row to onDelete when its button is pressed', () => {
    const deleted: Row[] = []
    const cell = deleteColumn<Row>(
      (r) => r.name,
      (r) => deleted.push(r),
    ).cell as Cell
    cell({ row: { original: rows[1] } }).props.onClick()
    expect(deleted).toEqual([rows[1]])
  })
})
