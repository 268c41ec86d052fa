import { describe, expect, it } from 'vitest'
import type { ReviewEntry } from '@/shared/schemas/page-shield-review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { filterScripts, scriptsCsv } from './script-view'

const script = (id: string, score: number | null, hash: string): PageShieldScript => ({
  id,
  url: `https://cdn.example/${id}.js`,
  host: 'cdn.example',
  added_at: '2026-01-01T00:00:00Z',
  first_seen_at: '2026-01-01T00:00:00Z',
  last_seen_at: '2026-02-01T00:00:00Z',
  first_page_url: 'www.example.com/checkout',
  url_contains_cdn_cgi_path: false,
  status: 'active',
  js_integrity_score: score,
  hash,
})
const review = (scriptId: string, hash: string, score: number | null, verdict: ReviewEntry['verdict']): ReviewEntry => ({
  id: 1,
  zone_id: 'z',
  script_id: scriptId,
  verdict,
  note: 'Seen in the tag manager, "promo" container',
  reviewer: 'Robin',
  reviewed_at: '2026-03-01T00:00:00Z',
  script: { url: '', host: '', hash, js_integrity_score: score, malware_score: null, magecart_score: null, cryptomining_score: null },
})

const scripts = [script('a', 80, 'h1'), script('b', 4, 'h2'), script('c', 3, 'h3'), script('d', 90, 'h4')]
const reviews = new Map([
  ['a', review('a', 'h1', 80, 'expected')],
  ['b', review('b', 'old', 4, 'malicious')],
])
const reviewOf = (id: string) => reviews.get(id)

describe('scripts view: filters the API cannot apply', () => {
  it('"Malicious only" keeps integrity scores below 10; review filters split never reviewed from changed', () => {
    expect(filterScripts(scripts, { malicious_only: true }, reviewOf).rows.map((s) => s.id)).toEqual(['b', 'c'])
    const all = filterScripts(scripts, { review: 'needs' }, reviewOf)
    expect(all.rows.map((s) => s.id)).toEqual(['b', 'c', 'd'])
    expect(all.counts).toEqual({ new: 2, changed: 1, reviewed: 1 })
    expect(filterScripts(scripts, { review: 'new' }, reviewOf).rows.map((s) => s.id)).toEqual(['c', 'd'])
    expect(filterScripts(scripts, { review: 'changed', malicious_only: true }, reviewOf).rows.map((s) => s.id)).toEqual(['b'])
  })

  it('exports exactly the rows given, with verdict, reviewer, note and page columns', () => {
    const { rows } = filterScripts(scripts, { review: 'needs' }, reviewOf)
    const lines = scriptsCsv(rows, reviewOf).trim().split('\r\n')
    expect(lines[0]).toBe(
      'script_url,host,status,js_integrity_score,malicious,reported_by_threat_feeds,page,first_seen_at,last_seen_at,review_state,verdict,reviewer,reviewed_at,note,script_id',
    )
    expect(lines).toHaveLength(1 + 3)
    expect(lines[1]).toContain('https://cdn.example/b.js,cdn.example,active,4,yes,no,www.example.com/checkout')
    expect(lines[1]).toContain('changed since its review: its code changed since,Malicious: remove,Robin')
    expect(lines[1]).toContain('"Seen in the tag manager, ""promo"" container"')
    expect(lines[2]).toContain(',never reviewed,,,,,c')
  })
})
