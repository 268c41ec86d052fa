import { describe, expect, it } from 'vitest'
import { listPage, pageSlice } from './page'
import { listQuery, text, whole } from './query'

describe('listPage: URL-only keys and paging in the browser', () => {
  const query = listQuery({ monitor: text() })
  const page = listPage(query, { filters: ['monitor'], urlOnly: { account: text() }, paging: 'browser', defaultPerPage: 25, pageSizes: [25, 50] })

  it('keeps a URL-only key in the search but never sends it, nor the paging the service ignores', () => {
    const search = page.parse({ account: ' abc ', monitor: 'm1', page: 3, per_page: 50, other: 'x' })
    expect(search).toMatchObject({ account: 'abc', monitor: 'm1', page: 3, per_page: 50 })
    expect(page.apiQuery(search)).toEqual({ monitor: 'm1' })
    expect(page.pageOf(search)).toEqual({ page: 3, perPage: 50 })
    // A page size the page does not offer reads as its default, as the table shows it.
    expect(page.pageOf(page.parse({ per_page: 30 }))).toEqual({ page: 1, perPage: 25 })
  })

  it('sends page and per_page when the API pages (the default)', () => {
    const paged = listPage(listQuery({ page: whole(1, 100, { clamp: true }), per_page: whole(5, 50, { clamp: true }) }), {
      filters: [],
      defaultPerPage: 20,
      pageSizes: [20, 50],
    })
    expect(paged.apiQuery(paged.parse({ page: 2 }))).toEqual({ page: 2, per_page: 20 })
  })

  it('refuses a declaration that would make the sandbox stricter than the service, or send a URL-only key', () => {
    const withPaging = listQuery({ page: whole(1, 100, { clamp: true }) })
    expect(() => listPage(withPaging, { filters: [], paging: 'browser', defaultPerPage: 25, pageSizes: [25] })).toThrow(/declares no page/)
    // A URL-only key may share a query key's name (page security's status tab), yet is never sent as it is: only through `map`.
    const shared = listPage(query, { filters: [], urlOnly: { monitor: text() }, defaultPerPage: 25, pageSizes: [25] })
    expect(shared.apiQuery(shared.parse({ monitor: 'abc' }))).not.toHaveProperty('monitor')
  })

  it('cuts one page out of a whole answer', () => {
    const items = Array.from({ length: 7 }, (_, i) => i)
    expect(pageSlice(items, { page: 2, perPage: 3 })).toEqual([3, 4, 5])
    expect(pageSlice(items, { page: 3, perPage: 3 })).toEqual([6])
    expect(pageSlice(items, { page: 4, perPage: 3 })).toEqual([])
  })
})
