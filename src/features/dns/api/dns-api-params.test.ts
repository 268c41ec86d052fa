import { describe, expect, it } from 'vitest'
import { buildQuery } from '@/lib/api-client'
import { DNS_RECORD_ORDER_FIELDS } from '@/shared/lists/dns-records'
import { dnsRecordsSearchSchema } from '@/shared/schemas/dns-records-search'
import { dnsApiParams } from './dns-api-params'
import { DNS_FILTER_KEYS, DNS_ORDERS, dnsSearchSchema } from './dns-search'

/** What the server reads from the query string: one value per key, or a list for repeated keys. */
function asServerSees(query: string): Record<string, string | string[]> {
  const usp = new URLSearchParams(query.replace(/^\?/, ''))
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(usp.keys())) {
    const all = usp.getAll(key)
    out[key] = all.length > 1 ? all : all[0]
  }
  return out
}

const URLS: Record<string, unknown>[] = [
  {},
  { page: 3, per_page: 100, order: 'content', direction: 'desc' },
  { type: ['A', 'AAAA'], 'name.contains': 'app', proxied: true },
  { type: 'SOA', 'content.contains': '52.', 'comment.contains': 'team', tag: 'env:production', proxied: 'false' },
  // Bad values from a pasted URL: dropped by the page schema, never sent to the API.
  { type: ['NOPE', 'MX'], page: -2, per_page: 'lots', order: 'priority; drop', direction: 'up', proxied: 'maybe', other: 'x' },
]

describe('DNS page URL → API list query', () => {
  it('uses exactly the keys of the shared list-search schema', () => {
    const shared = Object.keys(dnsRecordsSearchSchema.shape)
    for (const key of [...DNS_FILTER_KEYS, 'page', 'per_page', 'order', 'direction']) expect(shared).toContain(key)
    expect(Object.keys(dnsSearchSchema.parse({})).sort()).toEqual([...DNS_FILTER_KEYS, 'page', 'per_page', 'order', 'direction'].sort())
    expect([...DNS_ORDERS].sort()).toEqual([...DNS_RECORD_ORDER_FIELDS].sort())
  })

  it.each(URLS)('every query it builds is accepted by the shared schema (%j)', (raw) => {
    const search = dnsSearchSchema.parse(raw)
    const parsed = dnsRecordsSearchSchema.safeParse(asServerSees(buildQuery(dnsApiParams(search))))
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
  })

  it('fills in the defaults, so one view has one query', () => {
    expect(dnsApiParams(dnsSearchSchema.parse({}))).toMatchObject({ order: 'type', direction: 'asc', page: 1, per_page: 50 })
    expect(dnsApiParams(dnsSearchSchema.parse({ per_page: 33 })).per_page).toBe(50)
  })

  it('keeps the filters and sends repeated types as repeated keys', () => {
    const search = dnsSearchSchema.parse({ type: 'A,AAAA', 'name.contains': ' app ', proxied: 'true', page: '4' })
    expect(buildQuery(dnsApiParams(search))).toBe(
      '?type=A&type=AAAA&name.contains=app&proxied=true&order=type&direction=asc&page=4&per_page=50&include_shadow_metadata=true',
    )
  })

  it('keeps one type as one value (a clean URL) and several as a list', () => {
    expect(dnsSearchSchema.parse({ type: 'MX' }).type).toBe('MX')
    expect(dnsSearchSchema.parse({ type: ['MX'] }).type).toBe('MX')
    expect(dnsSearchSchema.parse({ type: ['A', 'AAAA', 'A'] }).type).toEqual(['A', 'AAAA'])
    expect(dnsSearchSchema.parse({ type: 'mx' }).type).toBeUndefined()
  })

  it('drops what the API would refuse', () => {
    const search = dnsSearchSchema.parse(URLS[4])
    expect(dnsApiParams(search)).toMatchObject({ type: 'MX', page: 1, per_page: 50, order: 'type', direction: 'asc', proxied: undefined })
  })
})
