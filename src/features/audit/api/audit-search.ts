import { auditQuery } from '@/shared/lists/audit'
import { listPage } from '@/shared/lists/page'

/**
 * The audit log page's URL, derived from the audit log's one query (`auditQuery`,
 * src/shared/lists/audit.ts), keyed as the server's query: paging plus every filter (person, zone,
 * area, action, outcome, from/to days). Newest first; no column sorts. The page object is the
 * route's `validateSearch`, the table's URL options and the query's mapper (`auditPage.apiQuery`).
 */
export const auditPage = listPage(auditQuery, {
  filters: ['person', 'zone', 'account_id', 'area', 'action', 'outcome', 'from', 'to'],
  defaultPerPage: 50,
  pageSizes: [25, 50, 100],
})
export type AuditSearch = ReturnType<typeof auditPage.parse>
