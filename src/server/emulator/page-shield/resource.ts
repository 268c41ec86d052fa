import type { ConnectionsQuery } from '../../../shared/lists/page-shield'
import { commaItems, listOf } from '../../../shared/lists/query'
import { notFound } from '../http'
import type { Db } from '../module'
import { addUrlContains, addWildcards, bool, jsonList, Where } from './list'

// What detected scripts and connections have in common: their stored columns, their list filters
// (api-notes §5.2) and the fields the API returns for both.

/** The columns page_shield_scripts and page_shield_connections share (schema.ts RESOURCE_COLUMNS). */
export interface ResourceRow {
  id: string
  zone_id: string
  url: string
  host: string
  first_page_url: string
  page_urls: string
  status: string
  added_at: string
  first_seen_at: string
  last_seen_at: string
  url_contains_cdn_cgi_path: number
  domain_reported_malicious: number
  url_reported_malicious: number
  malicious_domain_categories: string
  malicious_url_categories: string
}

/** hosts: any of the patterns (`*` at either end), host names compared in lower case. */
export function addHostFilter(where: Where, column: string, hosts: string[] | undefined): void {
  addWildcards(
    where,
    column,
    hosts?.map((h) => h.toLowerCase()),
  )
}

/**
 * The zone plus the filters scripts and connections share: status (default active), hosts, urls,
 * exclude_urls and exclude_cdn_cgi (default true). page_url is left to the caller: scripts match it
 * through a page table, connections through their JSON column.
 */
export function resourceWhere(
  alias: string,
  zoneId: string,
  q: Pick<ConnectionsQuery, 'status' | 'hosts' | 'urls' | 'exclude_urls' | 'exclude_cdn_cgi'>,
): Where {
  const where = new Where().add(`${alias}.zone_id = ?`, zoneId)
  const asked = listOf(q.status)
  const statuses = new Set(asked.length ? asked : ['active'])
  // Every status selected: no term at all, so the any-status indexes give rows in order.
  if (statuses.size < 3) where.add(`${alias}.status IN (${[...statuses].map(() => '?').join(',')})`, ...statuses)
  addHostFilter(where, `${alias}.host`, commaItems(q.hosts))
  addUrlContains(where, `${alias}.url`, commaItems(q.urls), false)
  addUrlContains(where, `${alias}.url`, commaItems(q.exclude_urls), true)
  if (q.exclude_cdn_cgi ?? true) where.add(`${alias}.url_contains_cdn_cgi_path = 0`)
  return where
}

/** Where and when the resource was seen, as the API returns it (before page_urls and status). */
export const sightingFields = (r: ResourceRow) => ({
  id: r.id,
  url: r.url,
  host: r.host,
  added_at: r.added_at,
  first_seen_at: r.first_seen_at,
  last_seen_at: r.last_seen_at,
  first_page_url: r.first_page_url,
})

/** Status and whether threat feeds report the URL or its domain. */
export const threatFields = (r: ResourceRow) => ({
  status: r.status,
  url_contains_cdn_cgi_path: bool(r.url_contains_cdn_cgi_path),
  domain_reported_malicious: bool(r.domain_reported_malicious),
  url_reported_malicious: bool(r.url_reported_malicious),
})

/** The threat feeds' categories (scripts leave them out of page=all lists). */
export const threatCategories = (r: ResourceRow) => ({
  malicious_domain_categories: jsonList(r.malicious_domain_categories),
  malicious_url_categories: jsonList(r.malicious_url_categories),
})

/** The CSV export's columns: the shared ones, with a type's own columns (`own`) after added_at. */
export const resourceCsvColumns = (own: readonly string[] = []): readonly string[] => [
  'id',
  'url',
  'host',
  'status',
  'first_page_url',
  'first_seen_at',
  'last_seen_at',
  'added_at',
  ...own,
  'url_reported_malicious',
  'domain_reported_malicious',
  'malicious_url_categories',
  'malicious_domain_categories',
  'url_contains_cdn_cgi_path',
]

/** One row of a page-security table by zone and id, or the API's 404 (code 1002). */
export function findInZone<Row>(db: Db, table: string, zoneId: string, id: string, what: string): Row {
  const row = db.prepare(`SELECT * FROM ${table} WHERE zone_id = ? AND id = ?`).get(zoneId, id) as Row | undefined
  if (!row) throw notFound(1002, `${what} ${id} was not found in this zone.`)
  return row
}
