import { toCsv } from '@/shared/page-shield/csv'
import { isMalicious, isReportedMalicious } from '@/shared/page-shield/malicious'
import { countReviewStates, matchesReviewFilter, reviewState, type ReviewFilter } from '@/shared/page-shield/review'
import { REVIEW_VERDICT_LABEL } from '@/shared/page-shield/review-verdicts'
import type { ReviewEntry } from '@/shared/schemas/page-shield-review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'

/** The filters of the scripts list that the API cannot apply: they are applied to every matching script read. */
export interface ScriptViewFilters {
  malicious_only?: boolean
  review?: ReviewFilter
}

type ReviewOf = (scriptId: string) => ReviewEntry | undefined

export const needsClientFilter = (v: ScriptViewFilters) => v.malicious_only === true || v.review !== undefined

/**
 * The scripts on screen for these filters: malicious only (integrity score below 10, the same rule
 * as the overview's count), then the review filter. Counts are of the scripts before the review filter.
 */
export function filterScripts(items: readonly PageShieldScript[], view: ScriptViewFilters, reviewOf: ReviewOf) {
  const base = view.malicious_only ? items.filter((s) => isMalicious(s.js_integrity_score)) : [...items]
  const counts = countReviewStates(base, reviewOf)
  const filter = view.review
  const rows = filter ? base.filter((s) => matchesReviewFilter(reviewState(s, reviewOf(s.id)).kind, filter)) : base
  return { rows, counts, before: base.length }
}

const STATE_TEXT = { new: 'never reviewed', changed: 'changed since its review', reviewed: 'reviewed, unchanged' } as const

const COLUMNS = [
  'script_url',
  'host',
  'status',
  'js_integrity_score',
  'malicious',
  'reported_by_threat_feeds',
  'page',
  'first_seen_at',
  'last_seen_at',
  'review_state',
  'verdict',
  'reviewer',
  'reviewed_at',
  'note',
  'script_id',
] as const

/** The rows on screen as CSV evidence, with where each stands in the review ledger. */
export function scriptsCsv(rows: readonly PageShieldScript[], reviewOf: ReviewOf): string {
  return toCsv(
    COLUMNS,
    rows.map((s) => {
      const review = reviewOf(s.id)
      const state = reviewState(s, review)
      return {
        script_url: s.url,
        host: s.host,
        status: s.status ?? '',
        js_integrity_score: s.js_integrity_score ?? null,
        malicious: isMalicious(s.js_integrity_score) ? 'yes' : 'no',
        reported_by_threat_feeds: isReportedMalicious(s) ? 'yes' : 'no',
        page: s.first_page_url ?? '',
        first_seen_at: s.first_seen_at,
        last_seen_at: s.last_seen_at,
        review_state: state.kind === 'changed' ? `${STATE_TEXT.changed}: ${state.reasons.join('; ')}` : STATE_TEXT[state.kind],
        verdict: review ? REVIEW_VERDICT_LABEL[review.verdict] : '',
        reviewer: review?.reviewer ?? '',
        reviewed_at: review?.reviewed_at ?? '',
        note: review?.note ?? '',
        script_id: s.id,
      }
    }),
  )
}
