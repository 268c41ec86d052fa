import { describe, expect, it } from 'vitest'
import { buildCsp, cspAllows, parseCsp, sourceAllows } from './csp'

const url = (u: string) => new URL(u)
const page = url('https://www.example.com/checkout')

describe('parseCsp / buildCsp', () => {
  it('splits directives and sources, and builds them back', () => {
    const p = parseCsp("script-src 'self' js.stripe.com;  connect-src api.stripe.com ; ")
    expect(p.problems).toEqual([])
    expect(p.directives).toEqual([
      { name: 'script-src', sources: ["'self'", 'js.stripe.com'] },
      { name: 'connect-src', sources: ['api.stripe.com'] },
    ])
    expect(buildCsp(p.directives)).toBe("script-src 'self' js.stripe.com; connect-src api.stripe.com")
    expect(
      buildCsp([
        { name: 'script-src', sources: ['a.com', 'a.com', ' '] },
        { name: 'upgrade-insecure-requests', sources: [] },
      ]),
    ).toBe('script-src a.com; upgrade-insecure-requests')
  })

  it('reports unknown directives, nonces, bad keywords, duplicates and empty values', () => {
    expect(parseCsp("scripts-src 'self'").problems[0]).toMatch(/not a directive/)
    expect(parseCsp("script-src 'nonce-abc'").problems[0]).toMatch(/nonces/)
    expect(parseCsp("script-src 'selff'").problems[0]).toMatch(/not a CSP keyword/)
    expect(parseCsp('script-src a.com; script-src b.com').problems[0]).toMatch(/appears twice/)
    expect(parseCsp("script-src 'none' a.com").problems[0]).toMatch(/'none' cannot be combined/)
    expect(parseCsp('  ;  ').problems[0]).toMatch(/at least one directive/)
    expect(parseCsp("script-src 'sha256-abc123+/='").problems).toEqual([])
  })
})

describe('sourceAllows (CSP source matching)', () => {
  it("'self' means the page's own origin", () => {
    expect(sourceAllows("'self'", url('https://www.example.com/a.js'), page)).toBe(true)
    expect(sourceAllows("'self'", url('https://assets.example.com/a.js'), page)).toBe(false)
    expect(sourceAllows("'self'", url('wss://www.example.com/ws'), page)).toBe(true)
  })

  it('host sources: exact host, *. subdomains (not the bare domain), scheme and port', () => {
    expect(sourceAllows('js.stripe.com', url('https://js.stripe.com/v3/'), page)).toBe(true)
    expect(sourceAllows('js.stripe.com', url('http://js.stripe.com/v3/'), page)).toBe(false)
    expect(sourceAllows('*.stripe.com', url('https://m.stripe.com/6'), page)).toBe(true)
    expect(sourceAllows('*.stripe.com', url('https://stripe.com/'), page)).toBe(false)
    expect(sourceAllows('https://cdn.example.net', url('https://cdn.example.net/x.js'), page)).toBe(true)
    expect(sourceAllows('https://cdn.example.net', url('https://cdn.example.net:8443/x.js'), page)).toBe(false)
    expect(sourceAllows('cdn.example.net:*', url('https://cdn.example.net:8443/x.js'), page)).toBe(true)
    expect(sourceAllows('http://cdn.example.net', url('https://cdn.example.net/x.js'), page)).toBe(true)
  })

  it('paths: a trailing slash is a prefix, otherwise exact', () => {
    expect(sourceAllows('cdn.example.net/libs/', url('https://cdn.example.net/libs/a.js'), page)).toBe(true)
    expect(sourceAllows('cdn.example.net/libs/', url('https://cdn.example.net/other/a.js'), page)).toBe(false)
    expect(sourceAllows('cdn.example.net/libs/a.js', url('https://cdn.example.net/libs/a.js?v=2'), page)).toBe(true)
    expect(sourceAllows('cdn.example.net/libs/a.js', url('https://cdn.example.net/libs/b.js'), page)).toBe(false)
  })

  it("schemes, * and 'none'", () => {
    expect(sourceAllows('https:', url('https://anything.example/x.js'), page)).toBe(true)
    expect(sourceAllows('*', url('https://anything.example/x.js'), page)).toBe(true)
    expect(sourceAllows('*', url('data:text/javascript,1'), page)).toBe(false)
    expect(sourceAllows("'none'", url('https://www.example.com/a.js'), page)).toBe(false)
    expect(sourceAllows("'unsafe-inline'", url('https://www.example.com/a.js'), page)).toBe(false)
  })
})

describe('cspAllows', () => {
  const csp = parseCsp("script-src 'self' js.stripe.com; default-src 'self'")
  it('uses script-src for scripts and falls back to default-src for connections', () => {
    expect(cspAllows(csp, 'script', 'https://js.stripe.com/v3/', 'www.example.com/checkout')).toEqual({
      allowed: true,
      directive: 'script-src',
    })
    expect(cspAllows(csp, 'script', 'https://evil.example/x.js', 'www.example.com/checkout')).toEqual({
      allowed: false,
      directive: 'script-src',
    })
    expect(cspAllows(csp, 'connection', 'https://api.stripe.com/v1', 'www.example.com/checkout')).toEqual({
      allowed: false,
      directive: 'default-src',
    })
    expect(cspAllows(csp, 'connection', 'https://www.example.com/api', 'www.example.com/checkout')).toEqual({
      allowed: true,
      directive: 'default-src',
    })
  })
  it('allows what no directive governs', () => {
    expect(cspAllows(parseCsp("img-src 'self'"), 'script', 'https://evil.example/x.js', 'www.example.com/')).toEqual({
      allowed: true,
    })
  })
})
