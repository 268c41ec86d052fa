import type { ReviewVerdict } from './review-verdict-names'

export { REVIEW_VERDICTS, type ReviewVerdict } from './review-verdict-names'

/** Short names, as badges and the history show them. */
export const REVIEW_VERDICT_LABEL: Record<ReviewVerdict, string> = {
  expected: 'Expected',
  investigate: 'Investigate',
  malicious: 'Malicious: remove',
}

/** One sentence each, as the review form offers them. */
export const REVIEW_VERDICT_TEXT: Record<ReviewVerdict, string> = {
  expected: 'Expected: we know this script and want it on our pages.',
  investigate: 'Investigate: someone needs to find out what this script is and why it is there.',
  malicious: 'Malicious: remove. This script must not run on our pages; take it out and block it.',
}
