import { isMalicious, isReportedMalicious } from './malicious'
import { reviewState } from './review'
import { REVIEW_VERDICT_LABEL } from './review-verdicts'
import type { ReviewEntry } from '../schemas/page-shield-review'
import type { PageShieldScript } from '../schemas/page-shield'

const STATE_TEXT = { new: 'never reviewed', changed: 'changed since its review', reviewed: 'reviewed, unchanged' } as const

/** The scripts CSV's columns: the script, where it stands in the review ledger, its id. */
export const SCRIPTS_CSV_COLUMNS = [
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

/** One script as a row of CSV evidence (the page's download and the server's export alike). */
export function scriptCsvRecord(s: PageShieldScript, review: ReviewEntry | undefined) {
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
}
