import { listPage } from '@/shared/lists/page'
import { zonesQuery } from '@/shared/lists/zones'

/**
 * The zones page's URL, derived from the zone list's one query (`zonesQuery`, src/shared/lists/zones.ts):
 * paging, sorting by name, status or account, a name search and a status filter. The page object is
 * the route's `validateSearch`, the table's URL options and the API query's mapper. per_page is
 * 5–50 for zones, 20 by default.
 */
export const zonesPage = listPage(zonesQuery, {
  filters: ['name', 'status'],
  orders: ['name', 'status', 'account.name'],
  defaultSort: { id: 'name', desc: false },
  defaultPerPage: 20,
  pageSizes: [10, 20, 50],
  // The page's name search is a "contains" match.
  send: { name: (v) => `contains:${v}` },
})
export type ZonesSearch = ReturnType<typeof zonesPage.parse>
