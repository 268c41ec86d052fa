import { describe, expect, it } from 'vitest'
import { exportCsvUrl } from './resources'
import { cookieFilterParams, pagingParams, resourceFilterParams, scriptsSearchSchema } from './search'

describe('scripts URL state', () => {
  it('keeps known filters, drops bad values', () => {
    expect(
      scriptsSearchSchema.parse({
        status: 'all',
        malicious_first: 'true',
        review: 'needs',
        hosts: '*.stripe.com',
        order: 'first_seen_at',
        direction: 'asc',
        junk: 1,
      }),
    ).toEqual({
      status: 'all',
      malicious_first: true,
      review: 'needs',
      hosts: '*.stripe.com',
      order: 'first_seen_at',
      direction: 'asc',
    })
    expect(scriptsSearchSchema.parse({ status: 'gone', review: 'all' })).toEqual({})
  })

  it('maps tabs and toggles to the API parameters', () => {
    expect(resourceFilterParams({})).toMatchObject({ status: 'active', prioritize_malicious: undefined })
    expect(resourceFilterParams({ status: 'all', malicious_first: true, urls: 'jquery' })).toMatchObject({
      status: 'active,infrequent,inactive',
      prioritize_malicious: true,
      urls: 'jquery',
    })
    expect(cookieFilterParams({ secure: false, same_site: 'none' })).toMatchObject({ secure: false, same_site: 'none' })
  })

  it('sends sorting and paging explicitly, newest sightings first by default, page sizes from the table', () => {
    expect(pagingParams({})).toEqual({ order_by: 'last_seen_at', direction: 'desc', page: 1, per_page: 25 })
    expect(pagingParams({ order: 'first_seen_at', page: 3, per_page: 100 })).toEqual({
      order_by: 'first_seen_at',
      direction: 'asc',
      page: 3,
      per_page: 100,
    })
    expect(pagingParams({ order: 'url', per_page: 7 })).toMatchObject({ order_by: 'last_seen_at', per_page: 25 })
  })

  it('the CSV link carries the filters but never page or per_page', () => {
    const url = exportCsvUrl('z', 'scripts', {
      status: 'active',
      hosts: '*.stripe.com',
      page: 2,
      per_page: 25,
      order_by: 'last_seen_at',
    })
    expect(url).toBe('/api/v4/zones/z/page_shield/scripts?status=active&hosts=*.stripe.com&order_by=last_seen_at&export=csv')
  })
})
