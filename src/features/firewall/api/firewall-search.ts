import type * as z from 'zod/mini'
import { searchBooleanSchema, searchEnumSchema, searchTextSchema, tableSearchSchema, type UrlTableOptions } from '@/components/data-table/url-table-state'

/** Actions a firewall rule can take (api-notes §8), for the filter. Kept here (zod/mini) so the route stays light. */
export const FIREWALL_ACTIONS = ['block', 'challenge', 'js_challenge', 'managed_challenge', 'allow', 'log', 'bypass'] as const

/** The rules page's URL: paging plus the API's filters (description contains, action, paused). */
export const firewallSearchSchema = tableSearchSchema({
  description: searchTextSchema,
  action: searchEnumSchema(FIREWALL_ACTIONS),
  paused: searchBooleanSchema,
})
export type FirewallSearch = z.output<typeof firewallSearchSchema>

/** per_page is 5–100 for firewall rules, 25 by default; the API has no sort parameter. */
export const firewallTableOptions: UrlTableOptions = { defaultPerPage: 25, pageSizes: [25, 50, 100] }

export function firewallApiParams(search: FirewallSearch) {
  return {
    description: search.description,
    action: search.action,
    paused: search.paused,
    page: search.page ?? 1,
    per_page: search.per_page && firewallTableOptions.pageSizes?.includes(search.per_page) ? search.per_page : firewallTableOptions.defaultPerPage,
  }
}
