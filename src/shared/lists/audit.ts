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
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'replace',
  'delete',
  'proxy',
  'batch',
  'import',
  'undo',
  'reset',
  'accept',
  'decline',
  'password',
  'end-sessions',
  'sign-in',
  'sign-out',
  'password-change',
  'token-create',
  'token-revoke',
  'tokens-revoke',
  'second-factor',
  'two-factor-on',
  'two-factor-off',
  'two-factor-reset',
  'file',
  'approve',
  'reject',
  'apply',
  'fail',
  'refresh',
  'withdraw',
  'apply-partly',
  'apply-unknown',
  'recover',
  'read',
  'link-sso',
  'unlink-sso',
  'scan',
  'scan-review',
  'validate',
  'switch',
  'check',
  'mark-read',
  'simulate',
  'send-test',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

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
  from: day(),
  to: day(),
  page: whole(1, 100_000, { label: 'Page' }),
  per_page: whole(5, 500, { label: 'Entries per page' }),
})
export type AuditQuery = QueryOf<typeof auditQuery.fields>
