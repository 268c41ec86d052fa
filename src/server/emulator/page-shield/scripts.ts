import { commaItems } from '../../../shared/lists/query'
import { scriptsQuery } from '../../../shared/lists/page-shield'
import { ok } from '../http'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { readQuery } from '../list-engine'
import { answerList, jsonList, wildcardCondition } from './list'
import {
  findInZone,
  resourceCsvColumns,
  resourceWhere,
  sightingFields,
  threatCategories,
  threatFields,
  type ResourceRow,
} from './resource'

interface ScriptRow extends ResourceRow {
  page_host: string
  hash: string | null
  fetched_at: string | null
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
  dataflow_score: number | null
  obfuscation_score: number | null
}

const SCORE_COLUMNS = [
  'js_integrity_score',
  'malware_score',
  'magecart_score',
  'cryptomining_score',
  'dataflow_score',
  'obfuscation_score',
] as const

/** The script as the API returns it in lists. page=all leaves the threat categories out (best effort, like the API). */
function scriptItem(r: ScriptRow, mode: 'page' | 'all' = 'page') {
  return {
    ...sightingFields(r),
    ...threatFields(r),
    ...(mode === 'page' ? threatCategories(r) : {}),
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

const CSV_COLUMNS = resourceCsvColumns([
  'hash',
  'fetched_at',
  'js_integrity_score',
  'malware_score',
  'magecart_score',
  'cryptomining_score',
])

/**
 * Malicious by the integrity rule first (isMalicious, threshold MALICIOUS_JS_INTEGRITY_THRESHOLD),
 * then scripts that threat feeds report: threat_rank is written from those rules with each script.
 */
const SCRIPT_MALICIOUS_FIRST = ['s.threat_rank DESC']

export function scriptHandlers(table: TableRouter, { db }: EmulatorContext): void {
  table.get('/zones/:zone_id/page_shield/scripts', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readQuery(c, scriptsQuery)
    const where = resourceWhere('s', zone.id, q)
    const pageUrls = commaItems(q.page_url)
    if (pageUrls) {
      const conds = pageUrls.map((p) => wildcardCondition('p.url', p))
      where.add(
        `s.rowid IN (SELECT sp.script_rowid FROM page_shield_script_pages sp WHERE sp.page_id IN
           (SELECT p.id FROM page_shield_pages p WHERE p.zone_id = ? AND (${conds.map((c) => c.sql).join(' OR ')})))`,
        zone.id,
        ...conds.flatMap((c) => c.params),
      )
    }
    if (q.exclude_duplicates ?? true) where.add('s.superseded = 0')
    return answerList<ScriptRow, ReturnType<typeof scriptItem>>(c, {
      db,
      table: 'page_shield_scripts',
      alias: 's',
      where,
      defaultOrder: 'last_seen_at',
      priority: q.prioritize_malicious ? SCRIPT_MALICIOUS_FIRST : undefined,
      query: q,
      toItem: scriptItem,
      csv: { file: `page-shield-scripts-${zone.name}.csv`, columns: CSV_COLUMNS, toRecord: (r) => scriptItem(r, 'page') },
    })
  })

  table.get('/zones/:zone_id/page_shield/scripts/:script_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findInZone<ScriptRow>(db, 'page_shield_scripts', zone.id, c.req.param('script_id'), 'Script')
    const versions = db
      .prepare(
        `SELECT hash, fetched_at, ${SCORE_COLUMNS.join(', ')} FROM page_shield_script_versions WHERE script_id = ? ORDER BY position DESC LIMIT 10`,
      )
      .all(row.id)
    return ok(c, { ...scriptItem(row), page_urls: jsonList(row.page_urls), versions })
  })
}
