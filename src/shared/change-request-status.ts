/**
 * A change request's statuses and their words. Apart from the request schemas (zod), so the request
 * pages' status badge says them without loading zod in their first load (src/bench/bundle-budget.test.ts).
 */
export const CHANGE_REQUEST_STATUSES = ['pending', 'applying', 'applied', 'failed', 'partly_applied', 'rejected', 'stale', 'undone', 'undoing', 'interrupted', 'withdrawn'] as const
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number]

/** Words for each status, as the pages say them. */
export const STATUS_WORDS: Record<ChangeRequestStatus, string> = {
  pending: 'waiting for approval',
  applying: 'being applied',
  applied: 'applied',
  failed: 'failed',
  partly_applied: 'partly applied',
  rejected: 'rejected',
  stale: 'stale: the zone changed since',
  undone: 'applied, then undone',
  undoing: 'being undone',
  interrupted: 'interrupted: outcome unknown',
  withdrawn: 'withdrawn by its requester',
}
