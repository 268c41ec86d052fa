import type { ReviewEntry } from '../schemas/page-shield-review'

export interface ReviewableScript {
  id: string
  hash?: string | null
  js_integrity_score?: number | null
}

export type ReviewState =
  { kind: 'new' } | { kind: 'changed'; reasons: string[]; review: ReviewEntry } | { kind: 'reviewed'; review: ReviewEntry }

/**
 * Where a script stands against its latest review: never reviewed ("new"), different since
 * ("changed": other content, or another integrity score), or reviewed as it is now.
 */
export function reviewState(script: ReviewableScript, review: ReviewEntry | undefined): ReviewState {
  if (!review) return { kind: 'new' }
  const reasons: string[] = []
  const hash = script.hash ?? null
  if (hash !== review.script.hash)
    reasons.push(review.script.hash === null ? 'its code was analysed since' : 'its code changed since')
  const now = script.js_integrity_score ?? null
  const then = review.script.js_integrity_score
  if (now !== then) reasons.push(`its integrity score moved from ${then ?? 'none'} to ${now ?? 'none'}`)
  return reasons.length ? { kind: 'changed', reasons, review } : { kind: 'reviewed', review }
}

/** The verdict that asks someone to find out more: a script reviewed so still needs review. */
export const INVESTIGATE = 'investigate'

/** Which scripts a review filter keeps: both kinds needing review, never reviewed, or changed since the review. */
export type ReviewFilter = 'needs' | 'new' | 'changed'

/** `investigating`: the latest verdict is "investigate", which keeps a script in "Needs review". */
export function matchesReviewFilter(kind: ReviewState['kind'], filter: ReviewFilter, investigating = false): boolean {
  return filter === 'needs' ? kind !== 'reviewed' || investigating : kind === filter
}

/** How many scripts were never reviewed and how many changed since their review (code or score). */
export function countReviewStates(
  scripts: readonly ReviewableScript[],
  reviewOf: (id: string) => ReviewEntry | undefined,
): { new: number; changed: number; reviewed: number } {
  const counts = { new: 0, changed: 0, reviewed: 0 }
  for (const s of scripts) counts[reviewState(s, reviewOf(s.id)).kind] += 1
  return counts
}

/** "New or changed since review": what needs a reviewer's eyes. */
export const needsReview = (script: ReviewableScript, review: ReviewEntry | undefined): boolean =>
  matchesReviewFilter(reviewState(script, review).kind, 'needs', review?.verdict === INVESTIGATE)
