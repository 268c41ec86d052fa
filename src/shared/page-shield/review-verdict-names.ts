/**
 * The verdicts a reviewer can record on a detected script (zod-free, so lists and badges can use
 * them without loading the review form). The review ledger's store checks against this list too.
 * Alone here for the page-security URL check (the shell every page loads first): ./review-verdicts
 * re-exports it beside the labels and texts.
 */
export const REVIEW_VERDICTS = ['expected', 'investigate', 'malicious'] as const
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number]
