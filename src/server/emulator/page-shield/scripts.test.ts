import { describe, expect, it } from 'vitest'
import { daysAgo, scriptsApp, version, ZONE } from '../../../testing/server/page-shield-fixtures'

const BASE = `/zones/${ZONE}/page_shield/scripts`

const fx = scriptsApp([
  {
    key: 'a',
    url: 'https://cdn.alpha.com/lib/a.js',
    page_urls: ['www.example.com/checkout', 'www.example.com/cart'],
    first_seen_at: daysAgo(30),
    last_seen_at: daysAgo(0.5),
    versions: [version(50, 'ha')],
  },
  {
    key: 'b',
    url: 'https://static.alpha.com/b.js',
    page_urls: ['www.example.com/'],
    first_seen_at: daysAgo(5),
    last_seen_at: daysAgo(2),
    versions: [version(9, 'hb')],
  },
  {
    key: 'c',
    url: 'https://beta.net/c.js',
    status: 'infrequent',
    page_urls: ['blog.example.com/post'],
    first_seen_at: daysAgo(20),
    last_seen_at: daysAgo(3),
    versions: [version(10, 'hc')],
  },
  {
    key: 'd',
    url: 'https://beta.net/d.js?x=1',
    status: 'inactive',
    first_seen_at: daysAgo(60),
    last_seen_at: daysAgo(20),
    versions: [version(11, 'hd')],
  },
  { key: 'e', url: 'https://www.example.com/cdn-cgi/scripts/e.js', first_seen_at: daysAgo(8), last_seen_at: daysAgo(1) },
  {
    key: 'f1',
    url: 'https://gamma.io/f.js?v=1',
    first_seen_at: daysAgo(40),
    last_seen_at: daysAgo(4),
    versions: [version(70, 'same')],
  },
  {
    key: 'f2',
    url: 'https://gamma.io/f.js?v=2',
    first_seen_at: daysAgo(4),
    last_seen_at: daysAgo(1.5),
    versions: [version(70, 'same')],
  },
  {
    key: 'g',
    url: 'https://reported.example/g.js',
    url_reported_malicious: true,
    malicious_url_categories: ['Malware'],
    first_seen_at: daysAgo(15),
    last_seen_at: daysAgo(1.2),
    versions: [version(80, 'hg')],
  },
  {
    key: 'h',
    url: 'https://gamma.io/h.js',
    first_seen_at: daysAgo(2),
    last_seen_at: daysAgo(0.2),
    versions: [version(60, 'h1', 3), version(20, 'h2', 2), version(5, 'h3', 1)],
  },
])
const keysOf = (json: { result: { id: string }[] }) =>
  json.result.map((s) => ['a', 'b', 'c', 'd', 'e', 'f1', 'f2', 'g', 'h'].find((k) => fx.idOf(k) === s.id))
const list = async (query = '') => {
  const r = await fx.get(`${BASE}${query}`)
  expect(r.status, r.text).toBe(200)
  return r.json
}

describe('GET page_shield/scripts filters', () => {
  it('by default lists active scripts, newest last-seen first, without /cdn-cgi/ or duplicates', async () => {
    const json = await list()
    expect(keysOf(json)).toEqual(['h', 'a', 'g', 'f2', 'b'])
    expect(json.result_info).toEqual({ page: 1, per_page: 20, count: 5, total_count: 5, total_pages: 1 })
  })

  it('status takes comma lists and repeated keys; every status at once', async () => {
    expect(keysOf(await list('?status=infrequent'))).toEqual(['c'])
    expect(keysOf(await list('?status=infrequent,inactive')).sort()).toEqual(['c', 'd'])
    expect(keysOf(await list('?status=infrequent&status=inactive')).sort()).toEqual(['c', 'd'])
    expect((await list('?status=active,infrequent,inactive')).result_info.total_count).toBe(7)
    const bad = await fx.get(`${BASE}?status=gone`)
    expect(bad.status).toBe(400)
    expect(bad.json.errors[0].message).toMatch(/active, infrequent and inactive/)
  })

  it('hosts: exact without a wildcard, ends-with / starts-with / contains with one', async () => {
    expect(keysOf(await list('?hosts=cdn.alpha.com'))).toEqual(['a'])
    expect(keysOf(await list('?hosts=alpha.com'))).toEqual([])
    expect(keysOf(await list('?hosts=*alpha.com'))).toEqual(['a', 'b'])
    expect(keysOf(await list('?hosts=static.*'))).toEqual(['b'])
    expect(keysOf(await list('?hosts=*amm*'))).toEqual(['h', 'f2'])
    expect(keysOf(await list('?hosts=CDN.ALPHA.COM,reported.example'))).toEqual(['a', 'g'])
    expect(keysOf(await list('?hosts=cdn_alpha.com'))).toEqual([]) // _ is not a LIKE wildcard here
  })

  it('page_url matches any page the script was seen on, with the same wildcard rules', async () => {
    expect(keysOf(await list('?page_url=www.example.com/cart'))).toEqual(['a'])
    expect(keysOf(await list('?page_url=*/checkout'))).toEqual(['a'])
    expect(keysOf(await list('?page_url=blog.*&status=infrequent'))).toEqual(['c'])
    expect(keysOf(await list('?page_url=*example.com/*')).length).toBe(5)
  })

  it('urls includes and exclude_urls excludes scripts whose URL contains any value', async () => {
    expect(keysOf(await list('?urls=/lib/,reported'))).toEqual(['a', 'g'])
    expect(keysOf(await list('?exclude_urls=gamma.io,alpha'))).toEqual(['g'])
    expect(keysOf(await list('?urls=/LIB/'))).toEqual([]) // URLs are case-sensitive
  })

  it('prioritize_malicious puts scores below 10 first, then threat-feed reports; 10 and 11 are not malicious', async () => {
    const all = keysOf(await list('?status=active,infrequent,inactive&prioritize_malicious=true'))
    expect(all.slice(0, 3)).toEqual(['h', 'b', 'g']) // h: 5, b: 9, then g: reported
    expect(all.indexOf('c')).toBeGreaterThan(2) // 10
    expect(all.indexOf('d')).toBeGreaterThan(2) // 11
  })

  it('exclude_cdn_cgi=false and exclude_duplicates=false bring those scripts back', async () => {
    expect(keysOf(await list('?exclude_cdn_cgi=false'))).toContain('e')
    const dupes = keysOf(await list('?exclude_duplicates=false'))
    expect(dupes).toContain('f1')
    expect(dupes).toContain('f2')
    expect((await fx.get(`${BASE}?exclude_duplicates=maybe`)).status).toBe(400)
  })

  it('order_by and direction (case-insensitive)', async () => {
    expect(keysOf(await list('?order_by=first_seen_at'))).toEqual(['a', 'g', 'b', 'f2', 'h'])
    expect(keysOf(await list('?order_by=first_seen_at&direction=DESC'))).toEqual(['h', 'f2', 'b', 'g', 'a'])
    expect(keysOf(await list('?order_by=last_seen_at&direction=asc'))).toEqual(['b', 'f2', 'g', 'a', 'h'])
    expect((await fx.get(`${BASE}?order_by=url`)).status).toBe(400)
  })

  it('pages: per_page 1–100, an empty page past the end, page=all', async () => {
    const p2 = await list('?per_page=2&page=2')
    expect(keysOf(p2)).toEqual(['g', 'f2'])
    expect(p2.result_info).toEqual({ page: 2, per_page: 2, count: 2, total_count: 5, total_pages: 3 })
    const past = await list('?per_page=2&page=9')
    expect(past.result).toEqual([])
    expect(past.result_info.total_count).toBe(5)
    // Out of range is clamped, as the service does: 0 reads as 1, 101 as 100.
    expect((await list('?per_page=0')).result_info.per_page).toBe(1)
    expect((await list('?per_page=101')).result_info.per_page).toBe(100)
    expect((await fx.get(`${BASE}?per_page=x`)).status).toBe(400)
    // page too: below 1 reads as 1 and a fraction is cut (api-notes §13.8); only a non-number is refused.
    for (const q of ['?page=0', '?page=-3', '?page=1.7']) expect((await list(`${q}&per_page=2`)).result_info.page, q).toBe(1)
    expect(keysOf(await list('?per_page=2&page=2.5'))).toEqual(['g', 'f2'])
    const notNumber = await fx.get(`${BASE}?page=second`)
    expect(notNumber.status).toBe(400)
    expect(notNumber.json.errors[0].source?.pointer).toBe('/page')
    expect((await list('?per_page=100')).result.length).toBe(5)
    const all = await list('?page=all')
    expect(all.result.length).toBe(5)
    expect(all.result[0]).not.toHaveProperty('malicious_url_categories')
  })

  it('export=csv answers text/csv with every match, page / per_page accepted and ignored', async () => {
    const r = await fx.get(`${BASE}?export=csv&hosts=*alpha.com`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="page-shield-scripts-example\.com\.csv"/)
    const lines = r.text.trim().split('\r\n')
    expect(lines[0].split(',').slice(0, 3)).toEqual(['id', 'url', 'host'])
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain('https://cdn.alpha.com/lib/a.js')
    const paged = await fx.get(`${BASE}?export=csv&hosts=*alpha.com&page=1&per_page=1`)
    expect(paged.status).toBe(200)
    expect(paged.text).toBe(r.text)
    expect((await fx.get(`${BASE}?export=xlsx`)).status).toBe(400)
  })
})

describe('GET page_shield/scripts/:id', () => {
  it('adds page_urls and versions, newest first', async () => {
    const r = await fx.get(`${BASE}/${fx.idOf('h')}`)
    expect(r.status).toBe(200)
    expect(r.json.result.page_urls).toEqual(['www.example.com/'])
    expect(r.json.result.versions.map((v: { js_integrity_score: number }) => v.js_integrity_score)).toEqual([5, 20, 60])
    expect(r.json.result.js_integrity_score).toBe(5)
  })

  it('answers 404 for an unknown script or zone', async () => {
    expect((await fx.get(`${BASE}/${'0'.repeat(32)}`)).status).toBe(404)
    expect((await fx.get(`/zones/${'f'.repeat(32)}/page_shield/scripts`)).status).toBe(404)
  })

  it('keeps only the last ten versions', async () => {
    const many = scriptsApp([
      {
        key: 'v',
        url: 'https://v.example/v.js',
        versions: Array.from({ length: 14 }, (_, i) => version(20 + i, `v${i}`, 14 - i)),
      },
    ])
    const r = await many.get(`${BASE}/${many.idOf('v')}`)
    expect(r.json.result.versions).toHaveLength(10)
    expect(r.json.result.versions[0].js_integrity_score).toBe(33)
  })
})
