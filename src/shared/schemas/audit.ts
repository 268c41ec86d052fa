import { z } from 'zod'
import { intParam } from './dns-records-search'

/** Areas and outcomes the audit log knows (filters offer these). */
export const AUDIT_AREAS = ['dns', 'page-shield', 'log-fields', 'logpush', 'certificates', 'firewall', 'load-balancing', 'invites', 'people', 'sign-in', 'sandbox', 'change-requests'] as const
export const AUDIT_OUTCOMES = ['success', 'failure', 'refused'] as const

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date is written YYYY-MM-DD.' })

/**
 * The audit log's filters: the page's URL state and the query of GET /api/local/audit (and its CSV).
 * `from` and `to` are days (UTC), both included.
 */
export const auditSearchSchema = z.object({
  person: z.string().max(100).optional(),
  zone: z.string().max(253).optional(),
  area: z.enum(AUDIT_AREAS).optional(),
  action: z.string().max(40).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  from: day.optional(),
  to: day.optional(),
  page: intParam('Page', 1, 100_000).optional(),
  per_page: intParam('Entries per page', 5, 500).optional(),
})
export type AuditSearch = z.infer<typeof auditSearchSchema>

/** Milliseconds range of the `from`/`to` days (the `to` day included to its last millisecond). */
export function auditTimeRange(s: Pick<AuditSearch, 'from' | 'to'>): { from?: number; to?: number } {
  return {
    from: s.from ? Date.parse(`${s.from}T00:00:00Z`) : undefined,
    to: s.to ? Date.parse(`${s.to}T23:59:59.999Z`) : undefined,
  }
}

