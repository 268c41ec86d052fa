/**
 * The verdicts a reviewer can record on a detected script (zod-free, so lists and badges can use
 * them without loading the review form). The review ledger's store checks against this list too.
 */
export const REVIEW_VERDICTS = ['expected', 'investigate', 'malicious'] as const
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number]

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
