/**
 * The audit log's vocabulary: the areas, outcomes and actions its entries carry and its filters
 * offer. Once for the server's list, its CSV and the audit page. No zod here: the browser's first
 * load imports it.
 */
import { choice, day, listQuery, text, whole, type QueryOf } from './query'

export const AUDIT_AREAS = [
  'dns',
  'page-shield',
  'log-fields',
  'logpush',
  'certificates',
  'firewall',
  'load-balancing',
  'invites',
  'people',
  'sign-in',
  'sandbox',
  'change-requests',
  'credentials',
  'practice',
] as const
export type AuditArea = (typeof AUDIT_AREAS)[number]
export const AUDIT_OUTCOMES = ['success', 'failure', 'refused', 'unknown'] as const
// The actions the audit page offers live in ../audit-actions: the audit route's URL check (in the shell
// every page loads first) takes any action as free text and does not need the list.
export type { AuditAction } from '../audit-actions'

/**
 * The audit log's filters: the query of GET /api/local/audit and its CSV (server/audit/routes.ts,
 * which refuses a bad value with a 400) and the audit page's URL (features/audit/api/audit-search.ts).
 * `from` and `to` are days (UTC), both included. `action` is free text: entries carry actions
 * beyond the ones the page offers.
 */
export const auditQuery = listQuery({
  person: text({ max: 100 }),
  zone: text({ max: 253 }),
  area: choice(AUDIT_AREAS),
  action: text({ max: 40 }),
  outcome: choice(AUDIT_OUTCOMES),
  /** The account a change went through (its id). Not `account`: that is the account switcher's key in every page's URL. */
  account_id: text({ max: 32 }),
  from: day(),
  to: day(),
  page: whole(1, 100_000, { label: 'Page' }),
  per_page: whole(5, 500, { label: 'Entries per page' }),
})
export type AuditQuery = QueryOf<typeof auditQuery.fields>
