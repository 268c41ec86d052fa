import { describe, expect, it } from 'vitest'
import { buildHostExpression, compileExpression, pageRequest, parseHostExpression } from './expression'

const matches = (expr: string, pageUrl: string) => {
  const c = compileExpression(expr)
  if (!c.ok) throw new Error(c.error)
  return c.matches(pageRequest(pageUrl)!)
}

describe('compileExpression', () => {
  it('compares host and path with eq, ne, ==, contains, in and the string functions', () => {
    expect(matches('http.host eq "www.example.com"', 'www.example.com/checkout')).toBe(true)
    expect(matches('http.host == "blog.example.com"', 'www.example.com/')).toBe(false)
    expect(matches('http.host ne "blog.example.com"', 'www.example.com/')).toBe(true)
    expect(matches('http.request.uri.path contains "/check"', 'www.example.com/checkout/payment')).toBe(true)
    expect(matches('http.host in {"a.example.com" "www.example.com"}', 'www.example.com/')).toBe(true)
    expect(matches('starts_with(http.request.uri.path, "/checkout")', 'www.example.com/checkout/payment')).toBe(true)
    expect(matches('ends_with(http.request.uri.path, "/payment")', 'www.example.com/checkout')).toBe(false)
    expect(matches('lower(http.request.uri.path) eq "/cart"', 'www.example.com/CART')).toBe(true)
    expect(matches('http.request.uri.query contains "q=boots"', 'www.example.com/search?q=boots')).toBe(true)
    expect(matches('http.request.full_uri eq "https://www.example.com/cart"', 'www.example.com/cart')).toBe(true)
    expect(matches('http.request.uri.path matches "^/products/[a-z-]+$"', 'www.example.com/products/trail-runner-2')).toBe(false)
  })

  it('combines with and / or / not and parentheses, and knows true', () => {
    const expr =
      '(http.host eq "www.example.com") and not (http.request.uri.path eq "/" or http.request.uri.path contains "account")'
    expect(matches(expr, 'www.example.com/checkout')).toBe(true)
    expect(matches(expr, 'www.example.com/')).toBe(false)
    expect(matches(expr, 'www.example.com/account/login')).toBe(false)
    expect(matches('true', 'any.example/')).toBe(true)
    expect(
      matches('http.host eq "a" || http.host eq "www.example.com" && http.request.uri.path eq "/x"', 'www.example.com/y'),
    ).toBe(false)
  })

  it('says why it cannot evaluate an expression', () => {
    const fail = (e: string) => {
      const c = compileExpression(e)
      return c.ok ? '' : c.error
    }
    expect(fail('ip.src eq "192.0.2.1"')).toMatch(/not a field or function/)
    expect(fail('http.host eq 1.2')).toMatch(/Unexpected text/)
    expect(fail('http.host eq "a" and')).toMatch(/ends too early/)
    expect(fail('http.host eq "a" "b"')).toMatch(/Unexpected/)
    expect(fail('')).toMatch(/empty/)
    expect(fail('http.host in {a}')).toMatch(/quoted values/)
  })
})

describe('host picker expressions', () => {
  it('builds one host, several hosts, a path prefix, or every page', () => {
    expect(buildHostExpression({ hosts: ['www.example.com'], pathPrefix: '' })).toBe('http.host eq "www.example.com"')
    expect(buildHostExpression({ hosts: ['a.example.com', 'B.example.com', 'a.example.com'], pathPrefix: '' })).toBe(
      'http.host in {"a.example.com" "b.example.com"}',
    )
    expect(buildHostExpression({ hosts: ['www.example.com'], pathPrefix: '/checkout' })).toBe(
      '(http.host eq "www.example.com") and starts_with(http.request.uri.path, "/checkout")',
    )
    expect(buildHostExpression({ hosts: [], pathPrefix: '' })).toBe('true')
  })

  it('reads back what it built, and nothing else', () => {
    for (const sel of [
      { hosts: ['www.example.com'], pathPrefix: '/checkout' },
      { hosts: ['a.example.com', 'b.example.com'], pathPrefix: '' },
      { hosts: [], pathPrefix: '' },
    ]) {
      expect(parseHostExpression(buildHostExpression(sel))).toEqual(sel)
    }
    expect(parseHostExpression('http.host eq "a" or http.host eq "b"')).toBeUndefined()
  })

  it('what it builds evaluates as intended', () => {
    const e = buildHostExpression({ hosts: ['www.example.com'], pathPrefix: '/checkout' })
    expect(matches(e, 'www.example.com/checkout/payment')).toBe(true)
    expect(matches(e, 'www.example.com/cart')).toBe(false)
    expect(matches(e, 'blog.example.com/checkout')).toBe(false)
  })
})
