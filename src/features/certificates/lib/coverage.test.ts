import { describe, expect, it } from 'vitest'
import { wildcardRuleText } from '@/shared/certificates/coverage'
import { hostCovers, uncoveredNames } from './coverage'

describe('hostCovers', () => {
  it('matches exact names, ignoring case and a trailing dot', () => {
    expect(hostCovers('example.com', 'Example.COM.')).toBe(true)
    expect(hostCovers('example.com', 'www.example.com')).toBe(false)
  })

  it('lets a wildcard cover exactly one label', () => {
    expect(hostCovers('*.example.com', 'www.example.com')).toBe(true)
    expect(hostCovers('*.example.com', 'example.com')).toBe(false)
    expect(hostCovers('*.example.com', 'a.b.example.com')).toBe(false)
    expect(hostCovers('*.example.com', 'www.example.com.evil.net')).toBe(false)
    expect(hostCovers('*.example.com', 'badexample.com')).toBe(false)
  })

  it('covers a wildcard DNS name only with the same wildcard', () => {
    expect(hostCovers('*.example.com', '*.example.com')).toBe(true)
    expect(hostCovers('*.example.com', '*.eu.example.com')).toBe(false)
  })
})

describe('uncoveredNames', () => {
  const packs = [
    { status: 'active', hosts: ['example.com', '*.example.com'] },
    { status: 'active', hosts: ['*.eu.example.com'] },
    { status: 'pending_validation', hosts: ['*.shop.example.com'] },
  ]

  it('lists names no active pack covers, once each, sorted', () => {
    const names = ['example.com', 'www.example.com', 'api.eu.example.com', 'pay.shop.example.com', 'a.b.c.example.com', 'pay.shop.example.com']
    expect(uncoveredNames(names, packs)).toEqual(['a.b.c.example.com', 'pay.shop.example.com'])
  })

  it('ignores packs that are not active', () => {
    expect(uncoveredNames(['www.example.com'], [{ status: 'expired', hosts: ['*.example.com'] }])).toEqual(['www.example.com'])
  })
})

describe('wildcardRuleText', () => {
  it('names the wildcard that would cover a name and the one that does not', () => {
    expect(wildcardRuleText('deep.sub.example.com')).toBe(
      'A wildcard certificate covers one level only: *.sub.example.com would cover deep.sub.example.com; *.example.com does not.',
    )
    expect(wildcardRuleText('WWW.example.com.')).toBe('A wildcard certificate covers one level only: *.example.com would cover www.example.com.')
    expect(wildcardRuleText('example.com')).toMatch(/one level only/)
  })
})
