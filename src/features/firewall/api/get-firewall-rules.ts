import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { FirewallRule } from '@/shared/schemas/firewall'
import type { FirewallRulesQuery } from '@/shared/lists/firewall'
import { firewallPage, type FirewallSearch } from './firewall-search'
import { keys } from '@/lib/query-keys'

/*
 * Rules are typed by the shared `firewallRuleSchema` but not parsed with it in the browser (as DNS
 * records and zones): parsing would put zod (~25 KB gzip) in the page's first load, and the
 * dashboard's own server is the one answering. The schema has no defaults or transforms to miss.
 */

export const getFirewallRules = (zoneId: string, params: FirewallRulesQuery, signal?: AbortSignal) =>
  api.list<FirewallRule>(apiPath('/zones/:zone_id/firewall/rules', { zone_id: zoneId }), { params, signal })

export const firewallRulesQueryOptions = (zoneId: string, search: FirewallSearch) =>
  queryOptions({
    queryKey: keys.firewallRules.list(zoneId, firewallPage.apiQuery(search)),
    queryFn: ({ signal }) => getFirewallRules(zoneId, firewallPage.apiQuery(search), signal),
    placeholderData: keepPreviousData,
  })

export const useFirewallRules = (zoneId: string, search: FirewallSearch) => useQuery(firewallRulesQueryOptions(zoneId, search))

/** Every rule matching the filters, all pages (for "select all matching"). */
export async function getAllFirewallRules(zoneId: string, search: FirewallSearch, signal?: AbortSignal): Promise<FirewallRule[]> {
  const all: FirewallRule[] = []
  for (let page = 1; page <= 1000; page++) {
    const { result, resultInfo } = await getFirewallRules(zoneId, { ...firewallPage.apiQuery(search), page, per_page: 100 }, signal)
    all.push(...result)
    if (result.length < 100 || page >= resultInfo.total_pages) break
  }
  return all
}
