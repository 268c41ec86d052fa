import { logJobsQuery } from '@/shared/lists/log-jobs'
import { listPage } from '@/shared/lists/page'

/**
 * The log jobs page's URL, derived from the jobs list's one query (`logJobsQuery`,
 * src/shared/lists/log-jobs.ts), which has no parameter: the service answers every job at once and
 * ignores paging, so the page (100 jobs a page) is cut out in the browser. No filter, no sort. The
 * page object is the route's `validateSearch`, the table's URL options and the query's mapper.
 */
export const logJobsPage = listPage(logJobsQuery, {
  filters: [],
  paging: 'browser',
  defaultPerPage: 100,
  pageSizes: [100],
})
export type LogJobsSearch = ReturnType<typeof logJobsPage.parse>
