import { firewallRulesQuery } from '@/shared/lists/firewall'
import { listPage } from '@/shared/lists/page'

/**
 * The rules page's URL, derived from the firewall rules list's one query (`firewallRulesQuery`,
 * src/shared/lists/firewall.ts): paging plus the API's filters (description contains, action,
 * paused). The API has no sort parameter. The page object is the route's `validateSearch`, the
 * table's URL options and the query's mapper (`firewallPage.apiQuery`).
 */
export const firewallPage = listPage(firewallRulesQuery, {
  filters: ['description', 'action', 'paused'],
  defaultPerPage: 25,
  pageSizes: [25, 50, 100],
})
export type FirewallSearch = ReturnType<typeof firewallPage.parse>
