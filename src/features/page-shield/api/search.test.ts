import { describe, expect, it } from 'vitest'
import { exportCsvUrl } from './resources'
import { connectionIndexParams } from './connection-reviews'
import { scriptIndexParams } from './needs-review-scan'
import { cookiesPage, scriptsPage } from './search'

describe('scripts URL state', () => {
  it('keeps known filters, drops bad values', () => {
    const parsed = scriptsPage.parse({
      status: 'all',
      malicious_first: 'true',
      review: 'needs',
      hosts: '*.stripe.com',
      order: 'first_seen_at',
      direction: 'asc',
      junk: 1,
    })
    expect(Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined))).toEqual({
      status: 'all',
      malicious_first: true,
      review: 'needs',
      hosts: '*.stripe.com',
      order: 'first_seen_at',
      direction: 'asc',
    })
    expect(Object.values(scriptsPage.parse({ status: 'gone', review: 'all', order: 'url' })).filter((v) => v !== undefined)).toEqual([])
  })

  it('maps tabs and toggles to the API parameters (status as one comma list)', () => {
    expect(scriptsPage.apiParams({})).toMatchObject({ status: 'active' })
    expect(scriptsPage.apiParams({})).not.toHaveProperty('prioritize_malicious')
    expect(scriptsPage.apiParams({ status: 'all', malicious_first: true, urls: 'jquery' })).toMatchObject({
      status: 'active,infrequent,inactive',
      prioritize_malicious: 'true',
      urls: 'jquery',
    })
    expect(cookiesPage.apiParams({ secure: false, same_site: 'none' })).toMatchObject({ secure: 'false', same_site: 'none' })
  })

  it('sends sorting and paging explicitly, newest sightings first by default, page sizes from the table', () => {
    const paging = (p: Record<string, unknown>) => {
      const { order_by, direction, page, per_page } = p
      return { order_by, direction, page, per_page }
    }
    expect(paging(scriptsPage.apiParams({}))).toEqual({ order_by: 'last_seen_at', direction: 'desc', page: '1', per_page: '25' })
    expect(paging(cookiesPage.apiParams({ order: 'first_seen_at', page: 3, per_page: 100 }))).toEqual({
      order_by: 'first_seen_at',
      direction: 'asc',
      page: '3',
      per_page: '100',
    })
    expect(paging(scriptsPage.apiParams(scriptsPage.parse({ order: 'url', per_page: 7 })))).toMatchObject({ order_by: 'last_seen_at', per_page: '25' })
  })

  it("the index routes take the view's API query plus its URL-only review filters", () => {
    expect(scriptIndexParams({ status: 'all', review: 'changed', malicious_only: true })).toMatchObject({
      status: 'active,infrequent,inactive',
      review: 'changed',
      malicious_only: 'true',
      order_by: 'last_seen_at',
    })
    // Only what the index route declares: none of the API's other parameters (exclude_urls...).
    expect(Object.keys(scriptIndexParams({ review: 'new' })).sort()).toEqual(['direction', 'order_by', 'page', 'per_page', 'review', 'status'])
    expect(connectionIndexParams({ review: 'new', hosts: '*.example.com' })).toMatchObject({ review: 'new', hosts: '*.example.com', status: 'active' })
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
