import type { Hono } from 'hono'
import { connectionsQuerySchema } from '../../../shared/schemas/page-shield-query'
import { notFound, ok } from '../http'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import { addPageUrlFilter, addUrlContains, addWildcards, answerList, bool, jsonList, readListQuery, Where } from './list'

export interface ConnectionRow {
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

export function connectionItem(r: ConnectionRow) {
  return {
    id: r.id,
    url: r.url,
    host: r.host,
    added_at: r.added_at,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
    first_page_url: r.first_page_url,
    page_urls: jsonList(r.page_urls),
    status: r.status,
    url_contains_cdn_cgi_path: bool(r.url_contains_cdn_cgi_path),
    domain_reported_malicious: bool(r.domain_reported_malicious),
    url_reported_malicious: bool(r.url_reported_malicious),
    malicious_domain_categories: jsonList(r.malicious_domain_categories),
    malicious_url_categories: jsonList(r.malicious_url_categories),
  }
}

const CSV_COLUMNS = [
  'id',
  'url',
  'host',
  'status',
  'first_page_url',
  'first_seen_at',
  'last_seen_at',
  'added_at',
  'url_reported_malicious',
  'domain_reported_malicious',
  'malicious_url_categories',
  'malicious_domain_categories',
  'url_contains_cdn_cgi_path',
] as const

/** Connections have no code to score: malicious means a threat feed reports the URL or the domain. */
const CONNECTION_MALICIOUS_FIRST = ['(k.url_reported_malicious OR k.domain_reported_malicious) DESC']

export function registerConnectionRoutes(app: Hono, { db }: EmulatorContext): void {
  app.get('/zones/:zone_id/page_shield/connections', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readListQuery(c, connectionsQuerySchema)
    const where = new Where().add('k.zone_id = ?', zone.id)
    const statuses = q.status?.length ? q.status : ['active']
    where.add(`k.status IN (${statuses.map(() => '?').join(',')})`, ...statuses)
    addWildcards(
      where,
      'k.host',
      q.hosts?.map((h) => h.toLowerCase()),
    )
    addPageUrlFilter(where, 'k', q.page_url)
    addUrlContains(where, 'k.url', q.urls, false)
    addUrlContains(where, 'k.url', q.exclude_urls, true)
    if (q.exclude_cdn_cgi ?? true) where.add('k.url_contains_cdn_cgi_path = 0')
    return answerList<ConnectionRow, ReturnType<typeof connectionItem>>(c, {
      db,
      table: 'page_shield_connections',
      alias: 'k',
      where,
      priority: q.prioritize_malicious ? CONNECTION_MALICIOUS_FIRST : undefined,
      query: q,
      toItem: connectionItem,
      csv: { file: `page-shield-connections-${zone.name}.csv`, columns: CSV_COLUMNS, toRecord: connectionItem },
    })
  })

  app.get('/zones/:zone_id/page_shield/connections/:connection_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = db
      .prepare('SELECT * FROM page_shield_connections WHERE zone_id = ? AND id = ?')
      .get(zone.id, c.req.param('connection_id')) as ConnectionRow | undefined
    if (!row) throw notFound(1002, `Connection ${c.req.param('connection_id')} was not found in this zone.`)
    return ok(c, connectionItem(row))
  })
}
