import { describe, expect, it } from 'vitest'
import { buildQuery } from '@/lib/api-client'
import { dnsRecordsQuery } from '@/shared/lists/dns-records'
import { dnsPage } from './dns-search'

const URLS: Record<string, unknown>[] = [
  {},
  { page: 3, per_page: 100, order: 'content', direction: 'desc' },
  { type: ['A', 'AAAA'], 'name.contains': 'app', proxied: true },
  { type: 'SOA', 'content.contains': '52.', 'comment.contains': 'team', tag: 'env:production', proxied: 'false' },
  // Bad values from a pasted URL: dropped by the page, never sent to the API.
  { type: ['NOPE', 'MX'], page: -2, per_page: 'lots', order: 'priority; drop', direction: 'up', proxied: 'maybe', other: 'x' },
]

describe('DNS page URL → API list query', () => {
  it('offers keys of the list query only, and every key of the page is in its search', () => {
    for (const key of dnsPage.filters) expect(Object.keys(dnsRecordsQuery.fields)).toContain(key)
    expect(Object.keys(dnsPage.parse({})).sort()).toEqual([...dnsPage.filters, 'page', 'per_page', 'order', 'direction'].sort())
  })

  it.each(URLS)('every query it builds is one the sandbox reads without refusing (%j)', (raw) => {
    const sent = new URLSearchParams(buildQuery(dnsPage.apiQuery(dnsPage.parse(raw))))
    expect(() => dnsRecordsQuery.read(sent)).not.toThrow()
  })

  it('is a Standard Schema validator, as the router takes it', () => {
    expect(dnsPage['~standard'].validate({ type: 'MX', page: '2' })).toEqual({ value: dnsPage.parse({ type: 'MX', page: '2' }) })
  })

  it('fills in the defaults, so one view has one query', () => {
    expect(dnsPage.apiQuery(dnsPage.parse({}))).toMatchObject({ order: 'type', direction: 'asc', page: 1, per_page: 50 })
    expect(dnsPage.apiQuery(dnsPage.parse({ per_page: 33 })).per_page).toBe(50)
  })

  it('keeps the filters and sends repeated types as repeated keys', () => {
    const search = dnsPage.parse({ type: 'A,AAAA', 'name.contains': ' app ', proxied: 'true', page: '4' })
    expect(buildQuery(dnsPage.apiQuery(search))).toBe(
      '?type=A&type=AAAA&name.contains=app&proxied=true&order=type&direction=asc&page=4&per_page=50&include_shadow_metadata=true',
    )
  })

  it('keeps one type as one value (a clean URL) and several as a list', () => {
    expect(dnsPage.parse({ type: 'MX' }).type).toBe('MX')
    expect(dnsPage.parse({ type: ['MX'] }).type).toBe('MX')
    expect(dnsPage.parse({ type: ['A', 'AAAA', 'A'] }).type).toEqual(['A', 'AAAA'])
    expect(dnsPage.parse({ type: 'mx' }).type).toBeUndefined()
  })

  it('drops what the API would refuse', () => {
    const search = dnsPage.parse(URLS[4])
    expect(dnsPage.apiQuery(search)).toMatchObject({ type: 'MX', page: 1, per_page: 50, order: 'type', direction: 'asc' })
    expect(dnsPage.apiQuery(search)).not.toHaveProperty('proxied')
  })
})
