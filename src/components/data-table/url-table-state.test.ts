import { describe, expect, it } from 'vitest'
import {
  cleanSearch,
  pageIndexPastEnd,
  paginationFromSearch,
  paginationToSearch,
  searchEnumListSchema,
  searchEnumSchema,
  searchTextSchema,
  sortingFromSearch,
  sortingToSearch,
  tableSearchSchema,
} from './url-table-state'

const schema = tableSearchSchema({ name: searchTextSchema, status: searchEnumSchema(['active', 'pending']), type: searchEnumListSchema(['A', 'AAAA', 'MX']) })
const opts = { defaultPerPage: 20, pageSizes: [10, 20, 50], defaultSort: { id: 'name', desc: false } }

describe('table search schema', () => {
  it('keeps good values', () => {
    expect(schema.parse({ page: 3, per_page: 50, order: 'status', direction: 'desc', name: 'shop', status: 'active', type: ['A', 'MX'] })).toEqual({
      page: 3,
      per_page: 50,
      order: 'status',
      direction: 'desc',
      name: 'shop',
      status: 'active',
      type: ['A', 'MX'],
    })
  })
  it('turns bad values into absent instead of failing', () => {
    const out = schema.parse({ page: -1, per_page: 'lots', direction: 'sideways', status: 'deleted', type: ['NOPE'] })
    // Every key is present (undefined), so the router's merge over the raw search drops the bad values.
    expect(out).toStrictEqual({ page: undefined, per_page: undefined, order: undefined, direction: undefined, name: undefined, status: undefined, type: undefined })
  })
  it('drops keys it does not know', () => {
    expect(schema.parse({ name: 'a', other: 'x' })).not.toHaveProperty('other')
    expect(schema.parse(null).name).toBeUndefined()
  })
  it('reads numbers and booleans parsed from the URL back as text', () => {
    expect(schema.parse({ name: 123 }).name).toBe('123')
    expect(schema.parse({ name: true }).name).toBe('true')
    expect(schema.parse({ name: '   ' }).name).toBeUndefined()
  })
  it('accepts a comma list for list filters and removes duplicates', () => {
    expect(schema.parse({ type: 'A,AAAA,A' }).type).toEqual(['A', 'AAAA'])
  })
})

describe('URL ⇄ table state', () => {
  it('defaults when the URL says nothing', () => {
    expect(paginationFromSearch({}, opts)).toEqual({ pageIndex: 0, pageSize: 20 })
    expect(sortingFromSearch({}, opts)).toEqual([{ id: 'name', desc: false }])
  })
  it('ignores a page size the table does not offer', () => {
    expect(paginationFromSearch({ page: 2, per_page: 33 }, opts)).toEqual({ pageIndex: 1, pageSize: 20 })
  })
  it('writes pages 1-based and leaves defaults out of the URL', () => {
    expect(paginationToSearch({ pageIndex: 2, pageSize: 20 }, { pageIndex: 1, pageSize: 20 }, opts)).toEqual({ page: 3, per_page: undefined })
    expect(paginationToSearch({ pageIndex: 0, pageSize: 20 }, { pageIndex: 1, pageSize: 20 }, opts)).toEqual({ page: undefined, per_page: undefined })
  })
  it('goes back to page 1 when the page size changes', () => {
    expect(paginationToSearch({ pageIndex: 4, pageSize: 50 }, { pageIndex: 4, pageSize: 20 }, opts)).toEqual({ page: undefined, per_page: 50 })
  })
  it('writes sorting and resets the page; the default sort leaves the URL clean', () => {
    expect(sortingToSearch([{ id: 'status', desc: true }], opts)).toEqual({ order: 'status', direction: 'desc', page: undefined })
    expect(sortingToSearch([{ id: 'name', desc: false }], opts)).toEqual({ order: undefined, direction: undefined, page: undefined })
    expect(sortingToSearch([], opts)).toEqual({ order: undefined, direction: undefined, page: undefined })
  })
  it('cleans empty values', () => {
    expect(cleanSearch({ a: 1, b: undefined, c: '', d: null, e: false })).toEqual({ a: 1, e: false })
  })
})

describe('pageIndexPastEnd', () => {
  it('steps back to the last page that holds rows', () => {
    expect(pageIndexPastEnd({ pageIndex: 998, pageSize: 20 }, 5)).toBe(0)
    expect(pageIndexPastEnd({ pageIndex: 6, pageSize: 20 }, 113)).toBe(5)
  })
  it('leaves a page inside the range, the first page, and unknown totals alone', () => {
    expect(pageIndexPastEnd({ pageIndex: 5, pageSize: 20 }, 113)).toBeUndefined()
    expect(pageIndexPastEnd({ pageIndex: 0, pageSize: 20 }, 0)).toBeUndefined()
    expect(pageIndexPastEnd({ pageIndex: 3, pageSize: 20 }, undefined)).toBeUndefined()
  })
})
