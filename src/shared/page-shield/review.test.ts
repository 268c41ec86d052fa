import { describe, expect, it } from 'vitest'
import type { ReviewEntry } from '../schemas/page-shield-review'
import { countReviewStates, matchesReviewFilter, needsReview, reviewState, type ReviewFilter } from './review'

const review = (hash: string | null, score: number | null): ReviewEntry => ({
  id: 1,
  zone_id: 'z',
  script_id: 's',
  verdict: 'expected',
  note: 'ok',
  reviewer: 'Sam',
  reviewed_at: '2026-03-01T00:00:00Z',
  script: {
    url: 'https://a/x.js',
    host: 'a',
    hash,
    js_integrity_score: score,
    malware_score: null,
    magecart_score: null,
    cryptomining_score: null,
  },
})

describe('new or changed since review', () => {
  it('a script never reviewed is new', () => {
    expect(reviewState({ id: 's', hash: 'h1', js_integrity_score: 80 }, undefined)).toEqual({ kind: 'new' })
    expect(needsReview({ id: 's' }, undefined)).toBe(true)
  })

  it('a script marked "Investigate" still needs review, in the "Needs review" filter too', () => {
    const investigate = { ...review('h1', 80), verdict: 'investigate' as const }
    expect(needsReview({ id: 's', hash: 'h1', js_integrity_score: 80 }, investigate)).toBe(true)
    expect(matchesReviewFilter('reviewed', 'needs', true)).toBe(true)
    expect(matchesReviewFilter('reviewed', 'needs')).toBe(false)
  })

  it('a script reviewed as it is now needs nothing', () => {
    expect(reviewState({ id: 's', hash: 'h1', js_integrity_score: 80 }, review('h1', 80)).kind).toBe('reviewed')
    expect(needsReview({ id: 's', hash: 'h1', js_integrity_score: 80 }, review('h1', 80))).toBe(false)
  })

  it('other code or another integrity score re-opens it, saying why', () => {
    const changed = reviewState({ id: 's', hash: 'h2', js_integrity_score: 7 }, review('h1', 80))
    expect(changed.kind).toBe('changed')
    expect(changed.kind === 'changed' && changed.reasons).toEqual([
      'its code changed since',
      'its integrity score moved from 80 to 7',
    ])
    expect(needsReview({ id: 's', hash: 'h1', js_integrity_score: 79 }, review('h1', 80))).toBe(true)
    expect(needsReview({ id: 's', hash: 'h1', js_integrity_score: 80 }, review(null, 80))).toBe(true)
  })

  it('counts "never reviewed" apart from "changed since its review", and filters by either', () => {
    const reviews = new Map([
      ['a', review('h1', 80)],
      ['b', review('h1', 80)],
    ])
    const scripts = [
      { id: 'a', hash: 'h1', js_integrity_score: 80 }, // reviewed as it is
      { id: 'b', hash: 'h2', js_integrity_score: 80 }, // code changed since
      { id: 'c', hash: 'h3', js_integrity_score: 50 }, // never reviewed
      { id: 'd', hash: null, js_integrity_score: null }, // never reviewed
    ]
    expect(countReviewStates(scripts, (id) => reviews.get(id))).toEqual({ new: 2, changed: 1, reviewed: 1 })
    const keep = (f: ReviewFilter) =>
      scripts.filter((s) => matchesReviewFilter(reviewState(s, reviews.get(s.id)).kind, f)).map((s) => s.id)
    expect(keep('needs')).toEqual(['b', 'c', 'd'])
    expect(keep('new')).toEqual(['c', 'd'])
    expect(keep('changed')).toEqual(['b'])
  })
})
