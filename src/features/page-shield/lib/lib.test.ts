import { describe, expect, it } from 'vitest'
import { parseCsp } from '@/shared/page-shield/csp'
import { expiryText, sameSiteText, cookieConcerns } from './cookie-text'
import { checkDraft, mayBeBlocked } from './draft-check'
import { describePages } from './page-patterns'
import { pageUrlPatterns } from './page-patterns'
import { suggestSources } from './suggest-sources'
import { versionTimeline } from './versions'

describe('suggestSources', () => {
  const seen = [
    {
      url: 'https://js.stripe.com/v3/',
      host: 'js.stripe.com',
      first_page_url: 'www.example.com/checkout',
      js_integrity_score: 97,
    },
    {
      url: 'https://js.stripe.com/v3/elements.js',
      host: 'js.stripe.com',
      first_page_url: 'www.example.com/cart',
      js_integrity_score: 95,
    },
    {
      url: 'https://www.example.com/assets/app.js',
      host: 'www.example.com',
      first_page_url: 'www.example.com/',
      js_integrity_score: 99,
    },
    {
      url: 'https://cdn.bad.top/jquery.js',
      host: 'cdn.bad.top',
      first_page_url: 'www.example.com/checkout',
      js_integrity_score: 3,
    },
    { url: 'https://cdn.bad.top/other.js', host: 'cdn.bad.top', first_page_url: 'www.example.com/', js_integrity_score: 90 },
    {
      url: 'https://feed.example/x.js',
      host: 'feed.example',
      first_page_url: 'www.example.com/',
      js_integrity_score: 60,
      domain_reported_malicious: true,
      malicious_domain_categories: ['Phishing'],
    },
    { url: 'https://edge.example/ten.js', host: 'edge.example', first_page_url: 'www.example.com/', js_integrity_score: 10 },
    { url: 'http://old.example/plain.js', host: 'old.example', first_page_url: 'www.example.com/', js_integrity_score: 80 },
  ]
  const s = suggestSources(seen)

  it('suggests one source per host, most used first, own host as self', () => {
    expect(s.sources.map((x) => x.source)).toEqual(['js.stripe.com', "'self'", 'edge.example', 'http://old.example'])
    expect(s.sources[0].count).toBe(2)
  })

  it('leaves out hosts with anything malicious or reported, and says why', () => {
    expect(s.leftOut.map((x) => x.host)).toEqual(['cdn.bad.top', 'feed.example'])
    expect(s.leftOut[0].reasons).toEqual(['malicious: integrity score 3 (below 10)'])
    expect(s.leftOut[0].urls).toEqual(['https://cdn.bad.top/jquery.js']) // the harmless script there is left out too, with its host
    expect(s.leftOut[1].reasons).toEqual(['reported by threat feeds: Phishing'])
  })
})

describe('describePages ("Applies to" in words)', () => {
  it('says what the expression selects, or leaves it to the expression', () => {
    expect(describePages('true')).toBe('Every page of the zone')
    expect(describePages('http.host eq "www.example.com"')).toBe('Every page on www.example.com')
    expect(describePages('(http.host in {"a.example.com" "b.example.com"}) and starts_with(http.request.uri.path, "/checkout")')).toBe(
      'Pages on a.example.com and b.example.com whose path starts with /checkout',
    )
    expect(describePages('starts_with(http.request.uri.path, "/account")')).toBe(
      'Pages on any host of the zone whose path starts with /account',
    )
    expect(describePages('ip.src in $office')).toBeUndefined()
  })
})

describe('checkDraft', () => {
  const scripts = [
    { id: 's1', url: 'https://js.stripe.com/v3/', page_urls: ['www.example.com/checkout', 'www.example.com/cart'] },
    {
      id: 's2',
      url: 'https://cdn.bad.top/jquery.js',
      page_urls: ['www.example.com/checkout', 'www.example.com/'],
      malicious: true,
    },
    { id: 's3', url: 'https://www.example.com/assets/app.js', page_urls: ['www.example.com/checkout', 'blog.example.com/'] },
  ]
  const connections = [{ id: 'c1', url: 'https://api.stripe.com/v1/tokens', page_urls: ['www.example.com/checkout'] }]

  it('lists what would be blocked on the pages the expression selects', () => {
    const r = checkDraft(
      {
        value: "script-src 'self' js.stripe.com; connect-src 'self'",
        expression: 'starts_with(http.request.uri.path, "/checkout")',
      },
      { scripts, connections },
    )
    expect(r.pagesCovered).toEqual(['www.example.com/checkout'])
    expect(r.blocked.map((b) => [b.kind, b.id, b.pages])).toEqual([
      ['script', 's2', ['www.example.com/checkout']],
      ['connection', 'c1', ['www.example.com/checkout']],
    ])
    expect(r.blocked[0]).toMatchObject({ malicious: true, directive: 'script-src' })
    expect(r.allowedMalicious).toEqual([])
  })

  it('flags malicious scripts the draft would still allow', () => {
    const r = checkDraft({ value: "script-src 'self' cdn.bad.top", expression: 'true' }, { scripts, connections })
    expect(r.allowedMalicious).toEqual([
      {
        kind: 'script',
        id: 's2',
        url: 'https://cdn.bad.top/jquery.js',
        pages: ['www.example.com/checkout', 'www.example.com/'],
        reason: "allowed by script-src's source cdn.bad.top",
      },
    ])
  })

  it('says connections are not governed by a script-src-only draft, instead of blaming a source', () => {
    const bad = [{ id: 'c9', url: 'https://exfil.bad.top/collect', page_urls: ['www.example.com/checkout'], malicious: true }]
    const r = checkDraft({ value: "script-src 'self' js.stripe.com", expression: 'true' }, { scripts, connections: bad })
    expect(r.coverage.connection).toMatchObject({ governed: false })
    expect(r.coverage.connection.text).toMatch(/no connect-src and no default-src/)
    expect(r.coverage.script).toMatchObject({ governed: true, directive: 'script-src', fallback: false })
    expect(r.allowedMalicious.find((m) => m.id === 'c9')?.reason).toBe(
      'not governed: the draft has no connect-src and no default-src',
    )
    const withDefault = checkDraft(
      { value: "script-src 'self'; default-src 'self'", expression: 'true' },
      { scripts, connections: bad },
    )
    expect(withDefault.coverage.connection).toMatchObject({ governed: true, directive: 'default-src', fallback: true })
    expect(withDefault.blocked.find((b) => b.id === 'c9')).toMatchObject({ directive: 'default-src', malicious: true })
  })

  it("'self' depends on the page: the first-party bundle is blocked on the blog host", () => {
    const r = checkDraft({ value: "script-src 'self' js.stripe.com", expression: 'true' }, { scripts, connections })
    expect(r.blocked.find((b) => b.id === 's3')?.pages).toEqual(['blog.example.com/'])
    expect(r.blocked.find((b) => b.id === 'c1')).toBeUndefined() // no connect-src or default-src: connections are not governed
  })

  it('assumes every page when the expression cannot be read, and passes CSP problems on', () => {
    const r = checkDraft(
      { value: 'script-src js.stripe.com; bogus-src x', expression: 'ip.src in $list' },
      { scripts, connections },
    )
    expect(r.expressionNote).toMatch(/assumes the policy applies to every page/)
    expect(r.cspProblems[0]).toMatch(/bogus-src/)
    expect(r.pagesCovered).toHaveLength(4)
  })

  it('mayBeBlocked spares resources a host source allows anywhere', () => {
    const parsed = parseCsp("script-src 'self' js.stripe.com")
    expect(mayBeBlocked(parsed, 'script', 'https://js.stripe.com/v3/')).toBe(false)
    expect(mayBeBlocked(parsed, 'script', 'https://www.example.com/app.js')).toBe(true)
  })
})

describe('cookie text', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  it('says when a cookie expires in plain words', () => {
    expect(expiryText({ expires_attribute: '2026-03-31T12:00:00Z', max_age_attribute: null }, now)).toBe('Expires in 30 days')
    expect(expiryText({ expires_attribute: '2026-03-01T15:00:00Z' }, now)).toBe('Expires in 3 hours')
    expect(expiryText({ expires_attribute: '2026-02-27T12:00:00Z' }, now)).toBe('Expired 2 days ago')
    expect(expiryText({ expires_attribute: null, max_age_attribute: null }, now)).toBe(
      'Session cookie: deleted when the browser closes',
    )
    expect(expiryText({ expires_attribute: '2026-03-31T12:00:00Z', max_age_attribute: 3600 }, now)).toBe(
      'Expires 1 hour after it is set (Max-Age 3600 s)',
    )
  })
  it('explains SameSite and flags risky combinations', () => {
    expect(sameSiteText(null)).toMatch(/treat it as Lax/)
    expect(
      cookieConcerns({
        id: 'x',
        name: 'session_id',
        host: 'h',
        type: 'first_party',
        first_seen_at: '',
        last_seen_at: '',
        same_site_attribute: 'none',
        secure_attribute: false,
        http_only_attribute: false,
      }),
    ).toHaveLength(3)
  })
})

describe('versionTimeline', () => {
  const v = (score: number, hash: string, day: number) => ({
    hash,
    fetched_at: `2026-01-0${day}T00:00:00Z`,
    js_integrity_score: score,
    malware_score: 90,
    magecart_score: score,
    cryptomining_score: 99,
    dataflow_score: null,
    obfuscation_score: null,
  })
  it('orders oldest first and says which way each score moved (lower is worse)', () => {
    const t = versionTimeline([v(4, 'c', 3), v(93, 'a', 1), v(91, 'b', 2)])
    expect(t.map((e) => e.version.hash)).toEqual(['a', 'b', 'c'])
    expect(t[0].changes.js_integrity_score.change).toBe('new')
    expect(t[1].changes.js_integrity_score.change).toBe('worse')
    expect(t[2].changes.js_integrity_score).toEqual({ value: 4, previous: 91, change: 'worse' })
    expect(t[2].changes.malware_score.change).toBe('same')
    expect(t[2].hashChanged).toBe(true)
  })
})

describe('pageUrlPatterns', () => {
  it('turns picked hosts and a path prefix into page_url patterns, and gives up on anything else', () => {
    expect(pageUrlPatterns('(http.host eq "www.example.com") and starts_with(http.request.uri.path, "/checkout")')).toEqual([
      'www.example.com/checkout*',
    ])
    expect(pageUrlPatterns('http.host in {"a.example.com" "b.example.com"}')).toEqual(['a.example.com/*', 'b.example.com/*'])
    expect(pageUrlPatterns('starts_with(http.request.uri.path, "/cart")')).toEqual(['*/cart*'])
    expect(pageUrlPatterns('true')).toBeUndefined()
    expect(pageUrlPatterns('http.host eq "a" or http.host eq "b"')).toBeUndefined()
  })
})
