import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMatcher, endpoints, isSafePath } from '.'
import type { Endpoint } from './types'

const list: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/dns_records/:id' },
  { method: 'GET', path: '/zones/:zone_id/dns_records/export' },
  { method: 'GET', path: '/zones/:zone_id/dns_records' },
  { method: 'POST', path: '/zones/:zone_id/dns_records' },
]
const match = createMatcher(list)
const Z = '0123456789abcdef0123456789abcdef'

describe('createMatcher', () => {
  it('matches method and path, parameters one segment each', () => {
    expect(match('GET', `/zones/${Z}/dns_records`)).toBe(list[2])
    expect(match('POST', `/zones/${Z}/dns_records`)).toBe(list[3])
    expect(match('DELETE', `/zones/${Z}/dns_records`)).toBeUndefined()
    expect(match('GET', `/zones/${Z}/dns_records/a/b`)).toBeUndefined()
    expect(match('GET', `/zones/${Z}`)).toBeUndefined()
  })

  it('accepts one trailing slash, not two', () => {
    expect(match('GET', `/zones/${Z}/dns_records/`)).toBe(list[2])
    expect(match('GET', `/zones/${Z}/dns_records/export/`)).toBe(list[1])
    expect(match('GET', `/zones/${Z}/dns_records//`)).toBeUndefined()
  })

  it('prefers literal segments over parameters', () => {
    expect(match('GET', `/zones/${Z}/dns_records/export`)).toBe(list[1])
    expect(match('GET', `/zones/${Z}/dns_records/${Z}`)).toBe(list[0])
  })

  it('does not let parameters carry encoded or odd characters', () => {
    for (const id of ['a%20b', 'a;b', 'a:b', 'a@b', 'a b', '%2e%2e'])
      expect(match('GET', `/zones/${id}/dns_records`), id).toBeUndefined()
  })
})

describe('isSafePath', () => {
  it.each(['/zones', '/zones/', `/zones/${Z}/dns_records`, `/zones/${Z}/dns_records/`, '/zones/a.b-c_d'])('accepts %s', (p) =>
    expect(isSafePath(p)).toBe(true),
  )
  it.each([
    'zones',
    '/',
    '//',
    '/zones//',
    '/zones/../',
    '/zones/%2e%2e/',
    '//zones',
    '/zones/../x',
    '/zones/./x',
    '/zones/%2e%2e/x',
    '/zones/%2E/x',
    '/zones%2fx',
    '/zones%2Fx',
    '/zones%5cx',
    '/zones\\x',
    '/zones%00',
    '/zones\u0000',
    '/zones\n',
  ])('refuses %j', (p) => expect(isSafePath(p)).toBe(false))

  it('judges any path as the segment-by-segment definition does (one test instead of a split)', () => {
    const bySegments = (raw: string) => {
      const path = raw.length > 1 && raw.endsWith('/') && !raw.endsWith('//') ? raw.slice(0, -1) : raw
      if (!path.startsWith('/') || path === '/') return false
      if (/%2e|%2f|%5c|%00|\\/i.test(path)) return false
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      if (/[\u0000-\u001f\u007f]/.test(path)) return false
      return path.split('/').slice(1).every((s) => s !== '' && s !== '.' && s !== '..')
    }
    const piece = fc.constantFrom('/', '.', '..', '%', '%2e', '%2E', '%2f', '%5C', '%00', '\\', '\n', '\u007f', 'a', 'zones', 'x.y', '-', '?', '%41')
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }).map((a) => a.join('')), (p) => {
        expect(isSafePath(p), JSON.stringify(p)).toBe(bySegments(p))
      }),
      { numRuns: 5000 },
    )
  })
})

describe('the real allowlist', () => {
  it('only holds well-formed paths and methods, without duplicates', () => {
    const seen = new Set<string>()
    for (const e of endpoints) {
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(e.method)
      expect(e.path).toMatch(/^(\/(:[A-Za-z_]+|[A-Za-z0-9_.-]+))+$/)
      const key = `${e.method} ${e.path}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
    }
  })
})
