import { describe, expect, it } from 'vitest'
import { onePage, resultInfo } from './result-info'

describe('result_info', () => {
  it('writes the five figures in the order the service sends them', () => {
    expect(JSON.stringify(resultInfo({ page: 3, perPage: 20 }, 5, 45))).toBe(
      '{"page":3,"per_page":20,"count":5,"total_count":45,"total_pages":3}',
    )
  })

  it('counts whole pages: none for an empty list, one more for a partial last page, and past the end too', () => {
    expect(resultInfo({ page: 1, perPage: 20 }, 0, 0).total_pages).toBe(0)
    expect(resultInfo({ page: 1, perPage: 20 }, 20, 40).total_pages).toBe(2)
    expect(resultInfo({ page: 9, perPage: 20 }, 0, 41)).toEqual({
      page: 9,
      per_page: 20,
      count: 0,
      total_count: 41,
      total_pages: 3,
    })
  })

  it('answers a single-page list as page 1 of 1, with the page size and total it is given', () => {
    expect(JSON.stringify(onePage(4))).toBe('{"page":1,"per_page":4,"count":4,"total_count":4,"total_pages":1}')
    expect(onePage(0, { perPage: 1 })).toEqual({ page: 1, per_page: 1, count: 0, total_count: 0, total_pages: 1 })
    expect(onePage(3, { totalCount: 9 })).toEqual({ page: 1, per_page: 3, count: 3, total_count: 9, total_pages: 1 })
  })
})
