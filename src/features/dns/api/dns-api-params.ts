import type { QueryParams } from '@/lib/api-client'
import { DNS_ORDERS, dnsTableOptions, type DnsSearch } from './dns-search'

/**
 * The list query for a page search: filters as they are, and paging / sorting with the table's
 * defaults filled in (so the same view always has the same query key).
 */
export function dnsApiParams(search: DnsSearch): QueryParams {
  const order = search.order && (DNS_ORDERS as readonly string[]).includes(search.order) ? search.order : 'type'
  const perPage =
    search.per_page && dnsTableOptions.pageSizes?.includes(search.per_page) ? search.per_page : dnsTableOptions.defaultPerPage
  return {
    type: search.type,
    'name.contains': search['name.contains'],
    'content.contains': search['content.contains'],
    proxied: search.proxied,
    'comment.contains': search['comment.contains'],
    tag: search.tag,
    order,
    direction: search.direction ?? 'asc',
    page: search.page ?? 1,
    per_page: perPage,
    // The table flags records shadowed by a delegation, as the service's dashboard does.
    include_shadow_metadata: true,
  }
}
