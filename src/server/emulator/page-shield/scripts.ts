import type { Hono } from 'hono'
import { scriptsQuerySchema } from '../../../shared/schemas/page-shield-query'
import { notFound, ok } from '../http'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import { addUrlContains, addWildcards, answerList, bool, jsonList, readListQuery, Where, wildcardCondition } from './list'

export interface ScriptRow {
  id: string
  zone_id: string
  url: string
  host: string
  page_host: string
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
  hash: string | null
  fetched_at: string | null
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
  dataflow_score: number | null
  obfuscation_score: number | null
}

export const SCORE_COLUMNS = [
  'js_integrity_score',
  'malware_score',
  'magecart_score',
  'cryptomining_score',
  'dataflow_score',
  'obfuscation_score',
] as const

/** The script as the API returns it in lists. page=all leaves the threat categories out (best effort, like the API). */
export function scriptItem(r: ScriptRow, mode: 'page' | 'all' = 'page') {
  return {
    id: r.id,
    url: r.url,
    host: r.host,
    added_at: r.added_at,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
    first_page_url: r.first_page_url,
    status: r.status,
    url_contains_cdn_cgi_path: bool(r.url_contains_cdn_cgi_path),
    domain_reported_malicious: bool(r.domain_reported_malicious),
    url_reported_malicious: bool(r.url_reported_malicious),
    ...(mode === 'page'
      ? {
          malicious_domain_categories: jsonList(r.malicious_domain_categories),
          malicious_url_categories: jsonList(r.malicious_url_categories),
        }
      : {}),
    hash: r.hash,
    fetched_at: r.fetched_at,
    js_integrity_score: r.js_integrity_score,
    malware_score: r.malware_score,
    magecart_score: r.magecart_score,
    cryptomining_score: r.cryptomining_score,
    dataflow_score: r.dataflow_score,
    obfuscation_score: r.obfuscation_score,
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
  'hash',
  'fetched_at',
  'js_integrity_score',
  'malware_score',
  'magecart_score',
  'cryptomining_score',
  'url_reported_malicious',
  'domain_reported_malicious',
  'malicious_url_categories',
  'malicious_domain_categories',
  'url_contains_cdn_cgi_path',
] as const

/**
 * Malicious by the integrity rule first (isMalicious, threshold MALICIOUS_JS_INTEGRITY_THRESHOLD),
 * then scripts that threat feeds report: threat_rank is written from those rules with each script.
 */
const SCRIPT_MALICIOUS_FIRST = ['s.threat_rank DESC']

export function registerScriptRoutes(app: Hono, { db }: EmulatorContext): void {
  app.get('/zones/:zone_id/page_shield/scripts', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readListQuery(c, scriptsQuerySchema)
    const where = new Where().add('s.zone_id = ?', zone.id)
    const statuses = new Set(q.status?.length ? q.status : ['active'])
    // Every status selected: no term at all, so the any-status indexes give rows in order.
    if (statuses.size < 3) where.add(`s.status IN (${[...statuses].map(() => '?').join(',')})`, ...statuses)
    addWildcards(
      where,
      's.host',
      q.hosts?.map((h) => h.toLowerCase()),
    )
    if (q.page_url?.length) {
      const conds = q.page_url.map((p) => wildcardCondition('p.url', p))
      where.add(
        `s.rowid IN (SELECT sp.script_rowid FROM page_shield_script_pages sp WHERE sp.page_id IN
           (SELECT p.id FROM page_shield_pages p WHERE p.zone_id = ? AND (${conds.map((c) => c.sql).join(' OR ')})))`,
        zone.id,
        ...conds.flatMap((c) => c.params),
      )
    }
    addUrlContains(where, 's.url', q.urls, false)
    addUrlContains(where, 's.url', q.exclude_urls, true)
    if (q.exclude_cdn_cgi ?? true) where.add('s.url_contains_cdn_cgi_path = 0')
    if (q.exclude_duplicates ?? true) where.add('s.superseded = 0')
    return answerList<ScriptRow, ReturnType<typeof scriptItem>>(c, {
      db,
      table: 'page_shield_scripts',
      alias: 's',
      where,
      priority: q.prioritize_malicious ? SCRIPT_MALICIOUS_FIRST : undefined,
      query: q,
      toItem: scriptItem,
      csv: { file: `page-shield-scripts-${zone.name}.csv`, columns: CSV_COLUMNS, toRecord: (r) => scriptItem(r, 'page') },
    })
  })

  app.get('/zones/:zone_id/page_shield/scripts/:script_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = db
      .prepare('SELECT * FROM page_shield_scripts WHERE zone_id = ? AND id = ?')
      .get(zone.id, c.req.param('script_id')) as ScriptRow | undefined
    if (!row) throw notFound(1002, `Script ${c.req.param('script_id')} was not found in this zone.`)
    const versions = db
      .prepare(
        `SELECT hash, fetched_at, ${SCORE_COLUMNS.join(', ')} FROM page_shield_script_versions WHERE script_id = ? ORDER BY position DESC LIMIT 10`,
      )
      .all(row.id)
    return ok(c, { ...scriptItem(row), page_urls: jsonList(row.page_urls), versions })
  })
}
