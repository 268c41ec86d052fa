import { describe, expect, it } from 'vitest'
import { buildCsp, parseCsp } from './csp'
import { cspAllows, governingDirective, sourceAllows } from './csp-match'

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

describe('cspAllows (CSP Level 3 rules, naming the deciding directive)', () => {
  const on = 'www.example.com/checkout'
  it('uses script-src for scripts and falls back to default-src for connections', () => {
    const csp = parseCsp("script-src 'self' js.stripe.com; default-src 'self'")
    expect(cspAllows(csp, 'script', 'https://js.stripe.com/v3/', on)).toEqual({
      allowed: true,
      governed: true,
      directive: 'script-src',
      source: 'js.stripe.com',
    })
    expect(cspAllows(csp, 'script', 'https://evil.example/x.js', on)).toEqual({
      allowed: false,
      governed: true,
      directive: 'script-src',
    })
    expect(cspAllows(csp, 'connection', 'https://api.stripe.com/v1', on)).toEqual({
      allowed: false,
      governed: true,
      directive: 'default-src',
    })
    expect(cspAllows(csp, 'connection', 'https://www.example.com/api', on)).toMatchObject({
      allowed: true,
      directive: 'default-src',
      source: "'self'",
    })
  })

  it('script-src-elem wins over script-src, which wins over default-src', () => {
    const csp = parseCsp("default-src https:; script-src 'none'; script-src-elem cdn.example.net")
    expect(cspAllows(csp, 'script', 'https://cdn.example.net/a.js', on)).toMatchObject({ allowed: true, directive: 'script-src-elem' })
    expect(cspAllows(csp, 'script', 'https://other.example/a.js', on)).toMatchObject({ allowed: false, directive: 'script-src-elem' })
    expect(cspAllows(parseCsp("default-src https:; script-src 'none'"), 'script', 'https://a.example/a.js', on)).toMatchObject({
      allowed: false,
      directive: 'script-src',
    })
  })

  it("'none' and a directive with no sources block everything it governs", () => {
    expect(cspAllows(parseCsp("connect-src 'none'"), 'connection', 'https://www.example.com/api', on)).toMatchObject({
      allowed: false,
      directive: 'connect-src',
    })
    expect(cspAllows(parseCsp('default-src'), 'script', 'https://www.example.com/a.js', on)).toMatchObject({
      allowed: false,
      directive: 'default-src',
    })
  })

  it('says a kind is not governed when neither its directive nor default-src is present', () => {
    const onlyScripts = parseCsp("script-src 'self' js.stripe.com")
    expect(cspAllows(onlyScripts, 'connection', 'https://exfil.bad.top/collect', on)).toEqual({ allowed: true, governed: false })
    expect(cspAllows(parseCsp("img-src 'self'"), 'script', 'https://evil.example/x.js', on)).toEqual({
      allowed: true,
      governed: false,
    })
    expect(governingDirective(onlyScripts, 'connection')).toBeUndefined()
    expect(governingDirective(onlyScripts, 'script')?.name).toBe('script-src')
  })

  it('follows the CSP3 matching examples: paths, schemes, wildcards, ports, case', () => {
    const allows = (source: string, target: string, pageUrl = 'https://example.com/') =>
      sourceAllows(source, url(target), url(pageUrl))
    expect(allows('example.com/scripts/', 'https://example.com/scripts/file.js')).toBe(true)
    expect(allows('example.com/scripts/', 'https://example.com/file.js')).toBe(false)
    expect(allows('example.com/scripts/', 'https://example.com/scripts')).toBe(true) // the trailing slash is not a segment
    expect(allows('example.com/scripts/file.js', 'https://example.com/scripts/file.js/more')).toBe(false)
    expect(allows('example.com/Scripts/', 'https://example.com/scripts/a.js')).toBe(false) // paths are case-sensitive
    expect(allows('EXAMPLE.com', 'https://example.com/a.js')).toBe(true) // hosts are not
    expect(allows('example.com/a%20b.js', 'https://example.com/a b.js')).toBe(true) // compared decoded
    expect(allows('*.example.com', 'https://a.b.example.com/x')).toBe(true)
    expect(allows('*.example.com', 'https://example.com/x')).toBe(false)
    expect(allows('example.com', 'http://example.com/x', 'https://example.com/')).toBe(false) // no downgrade
    expect(allows('example.com', 'https://example.com/x', 'http://example.com/')).toBe(true) // upgrade
    expect(allows('http:', 'https://a.example/x')).toBe(true)
    expect(allows('https:', 'http://a.example/x')).toBe(false)
    expect(allows('wss:', 'https://a.example/x')).toBe(true)
    expect(allows('example.com:8443', 'https://example.com:8443/x')).toBe(true)
    expect(allows('example.com:443', 'https://example.com/x')).toBe(true)
    expect(allows('*', 'blob:https://example.com/uuid')).toBe(false)
    expect(allows('*', 'wss://chat.example.net/socket')).toBe(true)
    expect(allows("'self'", 'https://example.com/x', 'http://example.com/')).toBe(true)
    expect(allows("'self'", 'ws://example.com/x', 'https://example.com/')).toBe(false)
    expect(allows("'self'", 'https://example.com:8443/x')).toBe(false)
  })
})
