import type * as z from 'zod/mini'
import { AUDIT_ACTIONS, AUDIT_AREAS, AUDIT_OUTCOMES } from '@/shared/lists/audit'
import { searchEnumSchema, searchTextSchema, tableSearchSchema, type UrlTableOptions } from '@/components/data-table/url-table-state'


const day: typeof searchTextSchema = (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined)

/** The audit log's URL: paging plus every filter (person, zone, area, action, outcome, from/to days). */
export const auditSearchSchema = tableSearchSchema({
  person: searchTextSchema,
  zone: searchTextSchema,
  area: searchEnumSchema(AUDIT_AREAS),
  action: searchEnumSchema(AUDIT_ACTIONS),
  outcome: searchEnumSchema(AUDIT_OUTCOMES),
  from: day,
  to: day,
})
export type AuditSearch = z.output<typeof auditSearchSchema>

export const auditTableOptions: UrlTableOptions = { defaultPerPage: 50, pageSizes: [25, 50, 100] }

export const AUDIT_FILTER_KEYS = ['person', 'zone', 'area', 'action', 'outcome', 'from', 'to'] as const

/** The server's query: the filters as they are, paging clamped to the offered sizes. */
export function auditApiParams(s: AuditSearch): Record<string, string> {
  const out: Record<string, string> = {}
  for (const k of AUDIT_FILTER_KEYS) if (s[k]) out[k] = String(s[k])
  out.page = String(s.page ?? 1)
  out.per_page = String(s.per_page && auditTableOptions.pageSizes?.includes(s.per_page) ? s.per_page : auditTableOptions.defaultPerPage)
  return out
}
