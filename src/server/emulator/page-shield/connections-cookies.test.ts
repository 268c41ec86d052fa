import { describe, expect, it } from 'vitest'
import { stableId } from '../ids'
import { daysAgo, ZONE } from '../../../testing/server/page-shield-fixtures'
import { pageShieldTestApp } from '../../../testing/server/page-shield-app'
import { pageShieldWriter, type CookieInput } from './writer'

function app() {
  const t = pageShieldTestApp({ seed: false })
  const w = pageShieldWriter(t.db)
  const conn = (key: string, url: string, extra: Record<string, unknown> = {}) =>
    w.connection({
      id: stableId(`c:${key}`),
      zone_id: ZONE,
      url,
      page_urls: ['www.example.com/checkout'],
      status: 'active',
      added_at: daysAgo(9),
      first_seen_at: daysAgo(9),
      last_seen_at: daysAgo(1),
      ...extra,
    })
  conn('stripe', 'https://api.stripe.com/v1/tokens', { first_seen_at: daysAgo(30) })
  conn('gate', 'https://evil.example/gate.php', {
    domain_reported_malicious: true,
    malicious_domain_categories: ['Phishing'],
    last_seen_at: daysAgo(3),
  })
  conn('rum', 'https://www.example.com/cdn-cgi/rum', { last_seen_at: daysAgo(0.5) })
  conn('old', 'https://old.example/collect', { status: 'inactive', last_seen_at: daysAgo(20) })
  conn('blog', 'https://stats.example/hit', { page_urls: ['blog.example.com/'], status: 'infrequent' })
  const cookie = (name: string, extra: Partial<CookieInput>) =>
    w.cookie({
      id: stableId(`k:${name}`),
      zone_id: ZONE,
      name,
      host: 'www.example.com',
      type: 'first_party',
      page_urls: ['www.example.com/'],
      first_seen_at: daysAgo(5),
      last_seen_at: daysAgo(1),
      http_only_attribute: false,
      secure_attribute: false,
      same_site_attribute: null,
      path_attribute: '/',
      domain_attribute: 'www.example.com',
      ...extra,
    })
  cookie('session_id', {
    http_only_attribute: true,
    secure_attribute: true,
    same_site_attribute: 'lax',
    last_seen_at: daysAgo(0.1),
  })
  cookie('sessionToken', { secure_attribute: true, same_site_attribute: 'strict', path_attribute: '/account' })
  cookie('_ga', {
    domain_attribute: '.example.com',
    same_site_attribute: 'none',
    type: 'unknown',
    first_seen_at: daysAgo(50),
    host: 'blog.example.com',
    page_urls: ['blog.example.com/'],
  })
  cookie('cart_session', { max_age_attribute: 3600, expires_attribute: daysAgo(-30) })
  const get = async (path: string) => {
    const r = await t.app.request(`/zones/${ZONE}/page_shield/${path}`)
    return {
      status: r.status,
      headers: r.headers,
      text: await r.clone().text(),
      json: r.headers.get('content-type')?.includes('json') ? await r.json() : undefined,
    }
  }
  return { get }
}
const fx = app()
const urls = (json: { result: { url: string }[] }) => json.result.map((c) => c.url)
const names = (json: { result: { name: string }[] }) => json.result.map((c) => c.name)

describe('GET page_shield/connections', () => {
  it('lists active connections without /cdn-cgi/ by default, with page_urls on each item', async () => {
    const r = await fx.get('connections')
    expect(urls(r.json)).toEqual(['https://api.stripe.com/v1/tokens', 'https://evil.example/gate.php'])
    expect(r.json.result[0].page_urls).toEqual(['www.example.com/checkout'])
    expect(r.json.result_info.total_count).toBe(2)
  })

  it('filters by status, hosts, page_url, urls, exclude_urls and exclude_cdn_cgi', async () => {
    expect(urls((await fx.get('connections?status=inactive')).json)).toEqual(['https://old.example/collect'])
    expect(urls((await fx.get('connections?status=infrequent&page_url=blog.*')).json)).toEqual(['https://stats.example/hit'])
    expect(urls((await fx.get('connections?hosts=*.stripe.com')).json)).toEqual(['https://api.stripe.com/v1/tokens'])
    expect(urls((await fx.get('connections?urls=gate')).json)).toEqual(['https://evil.example/gate.php'])
    expect(urls((await fx.get('connections?exclude_urls=gate')).json)).toEqual(['https://api.stripe.com/v1/tokens'])
    expect(urls((await fx.get('connections?exclude_cdn_cgi=false')).json)[0]).toBe('https://www.example.com/cdn-cgi/rum')
  })

  it('prioritize_malicious puts threat-feed reports first; order_by and direction apply after', async () => {
    expect(urls((await fx.get('connections?prioritize_malicious=true')).json)[0]).toBe('https://evil.example/gate.php')
    expect(urls((await fx.get('connections?order_by=first_seen_at&direction=asc')).json)[0]).toBe(
      'https://api.stripe.com/v1/tokens',
    )
  })

  it('exports CSV and answers 404 for an unknown id', async () => {
    const csv = await fx.get('connections?export=csv')
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.text.trim().split('\r\n')).toHaveLength(3)
    expect((await fx.get(`connections/${'a'.repeat(32)}`)).status).toBe(404)
    expect((await fx.get(`connections/${stableId('c:gate')}`)).json.result.malicious_domain_categories).toEqual(['Phishing'])
  })
})

describe('GET page_shield/cookies', () => {
  it('lists every cookie, newest last-seen first, with readable attributes', async () => {
    const r = await fx.get('cookies')
    expect(names(r.json)[0]).toBe('session_id')
    expect(r.json.result_info.total_count).toBe(4)
    expect(r.json.result[0]).toMatchObject({
      http_only_attribute: true,
      secure_attribute: true,
      same_site_attribute: 'lax',
      path_attribute: '/',
    })
  })

  it('name takes wildcards at the start and end and is case-sensitive', async () => {
    expect(names((await fx.get('cookies?name=session*')).json).sort()).toEqual(['sessionToken', 'session_id'])
    expect(names((await fx.get('cookies?name=*session')).json)).toEqual(['cart_session'])
    expect(names((await fx.get('cookies?name=*ssion*')).json).length).toBe(3)
    expect(names((await fx.get('cookies?name=_ga')).json)).toEqual(['_ga'])
    expect(names((await fx.get('cookies?name=SESSION*')).json)).toEqual([])
  })

  it('filters by type, path, domain, http_only, secure, same_site, hosts and page_url', async () => {
    expect(names((await fx.get('cookies?type=unknown')).json)).toEqual(['_ga'])
    expect(names((await fx.get('cookies?path=/account')).json)).toEqual(['sessionToken'])
    expect(names((await fx.get('cookies?domain=.example.com')).json)).toEqual(['_ga'])
    expect(names((await fx.get('cookies?http_only=true')).json)).toEqual(['session_id'])
    expect(names((await fx.get('cookies?secure=false')).json).sort()).toEqual(['_ga', 'cart_session'])
    expect(names((await fx.get('cookies?same_site=strict')).json)).toEqual(['sessionToken'])
    expect(names((await fx.get('cookies?hosts=blog.example.com')).json)).toEqual(['_ga'])
    expect(names((await fx.get('cookies?page_url=blog.*')).json)).toEqual(['_ga'])
    expect(names((await fx.get('cookies?order_by=first_seen_at&direction=asc')).json)[0]).toBe('_ga')
  })

  it('rejects values outside the enums with a readable message', async () => {
    const r = await fx.get('cookies?same_site=sometimes')
    expect(r.status).toBe(400)
    expect(r.json.errors[0]).toMatchObject({
      message: 'same_site must be lax, strict or none.',
      source: { pointer: '/same_site' },
    })
    expect((await fx.get('cookies?type=third_party')).status).toBe(400)
    expect((await fx.get('cookies?secure=yes')).status).toBe(400)
  })

  it('exports CSV and reads one cookie', async () => {
    const csv = await fx.get('cookies?export=csv&name=session*')
    expect(csv.text.trim().split('\r\n')).toHaveLength(3)
    const one = await fx.get(`cookies/${stableId('k:cart_session')}`)
    expect(one.json.result).toMatchObject({ name: 'cart_session', max_age_attribute: 3600 })
    expect((await fx.get(`cookies/${'b'.repeat(32)}`)).status).toBe(404)
  })

  it('omits the attributes a cookie was set without (typed as strings, never null); Max-Age may be null', async () => {
    const cart = (await fx.get(`cookies/${stableId('k:cart_session')}`)).json.result
    expect(cart).not.toHaveProperty('same_site_attribute')
    expect(cart.expires_attribute).toEqual(expect.any(String))
    const session = (await fx.get(`cookies/${stableId('k:session_id')}`)).json.result
    expect(session).not.toHaveProperty('expires_attribute')
    expect(session).toMatchObject({ same_site_attribute: 'lax', max_age_attribute: null })
  })
})
