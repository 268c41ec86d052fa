import { isMalicious, isReportedMalicious } from '../../../shared/page-shield/malicious'
import type { Db } from '../module'

/** Rows as the seeds and the tests write them (arrays and booleans in their natural form). */
export interface ConnectionInput {
  id: string
  zone_id: string
  url: string
  page_urls: string[]
  status: 'active' | 'infrequent' | 'inactive'
  added_at: string
  first_seen_at: string
  last_seen_at: string
  domain_reported_malicious?: boolean
  url_reported_malicious?: boolean
  malicious_domain_categories?: string[]
  malicious_url_categories?: string[]
}

export interface ScriptInput extends ConnectionInput {
  /** Oldest first; the last one is the current state of the script. Empty: not analysed yet. */
  versions: VersionInput[]
}

export interface VersionInput {
  hash: string
  fetched_at: string
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
  dataflow_score?: number | null
  obfuscation_score?: number | null
}

export interface CookieInput {
  id: string
  zone_id: string
  name: string
  host: string
  type: 'first_party' | 'unknown'
  page_urls: string[]
  first_seen_at: string
  last_seen_at: string
  domain_attribute?: string | null
  path_attribute?: string | null
  expires_attribute?: string | null
  max_age_attribute?: number | null
  http_only_attribute: boolean
  secure_attribute: boolean
  same_site_attribute: 'lax' | 'strict' | 'none' | null
}

const hostOf = (url: string) => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase()
  } catch {
    return ''
  }
}
const hasCdnCgi = (url: string) => {
  try {
    return new URL(url).pathname.startsWith('/cdn-cgi/')
  } catch {
    return url.includes('/cdn-cgi/')
  }
}

/** The columns scripts and connections share (ResourceRow), and their values from an input. */
const RESOURCE_COLUMNS = `id, zone_id, url, host, first_page_url, page_urls, status, added_at, first_seen_at, last_seen_at,
  url_contains_cdn_cgi_path, domain_reported_malicious, url_reported_malicious, malicious_domain_categories, malicious_url_categories`
const resourceValues = (k: ConnectionInput) => [
  k.id,
  k.zone_id,
  k.url,
  hostOf(k.url),
  k.page_urls[0] ?? '',
  JSON.stringify(k.page_urls),
  k.status,
  k.added_at,
  k.first_seen_at,
  k.last_seen_at,
  +hasCdnCgi(k.url),
  +(k.domain_reported_malicious ?? false),
  +(k.url_reported_malicious ?? false),
  JSON.stringify(k.malicious_domain_categories ?? []),
  JSON.stringify(k.malicious_url_categories ?? []),
]

const SCORE_COLUMNS = 'js_integrity_score, malware_score, magecart_score, cryptomining_score, dataflow_score, obfuscation_score'
const scoreValues = (v: VersionInput | undefined) => [
  v?.js_integrity_score ?? null,
  v?.malware_score ?? null,
  v?.magecart_score ?? null,
  v?.cryptomining_score ?? null,
  v?.dataflow_score ?? null,
  v?.obfuscation_score ?? null,
]

const SCRIPT_COLUMNS = `${RESOURCE_COLUMNS}, page_host, hash, fetched_at, ${SCORE_COLUMNS}, threat_rank`
const COOKIE_COLUMNS = `id, zone_id, name, host, type, first_page_url, page_urls, first_seen_at, last_seen_at, domain_attribute,
  path_attribute, expires_attribute, max_age_attribute, http_only_attribute, secure_attribute, same_site_attribute`

/** Prepared inserts, made once per seed run. */
export function pageShieldWriter(db: Db) {
  const insert = (table: string, columns: string) =>
    db.prepare(
      `INSERT INTO ${table} (${columns}) VALUES (${columns
        .split(',')
        .map(() => '?')
        .join(', ')})`,
    )
  const script = insert('page_shield_scripts', SCRIPT_COLUMNS)
  const version = insert('page_shield_script_versions', `script_id, position, hash, fetched_at, ${SCORE_COLUMNS}`)
  const pageInsert = db.prepare('INSERT OR IGNORE INTO page_shield_pages (zone_id, url) VALUES (?, ?)')
  const pageSelect = db.prepare('SELECT id FROM page_shield_pages WHERE zone_id = ? AND url = ?').pluck()
  const scriptPage = db.prepare('INSERT OR IGNORE INTO page_shield_script_pages (page_id, script_rowid) VALUES (?, ?)')
  const pageIds = new Map<string, number>()
  const pageId = (zoneId: string, url: string): number => {
    const key = `${zoneId} ${url}`
    let id = pageIds.get(key)
    if (id === undefined) {
      pageInsert.run(zoneId, url)
      id = pageSelect.get(zoneId, url) as number
      pageIds.set(key, id)
    }
    return id
  }
  const connection = insert('page_shield_connections', RESOURCE_COLUMNS)
  const cookie = insert('page_shield_cookies', COOKIE_COLUMNS)

  return {
    script(s: ScriptInput): void {
      const current = s.versions[s.versions.length - 1]
      const { lastInsertRowid } = script.run(
        ...resourceValues(s),
        hostOf(s.page_urls[0] ?? ''),
        current?.hash ?? null,
        current?.fetched_at ?? null,
        ...scoreValues(current),
        isMalicious(current?.js_integrity_score) ? 2 : isReportedMalicious(s) ? 1 : 0,
      )
      for (const p of s.page_urls) scriptPage.run(pageId(s.zone_id, p), lastInsertRowid)
      s.versions.forEach((v, i) => version.run(s.id, i, v.hash, v.fetched_at, ...scoreValues(v)))
    },
    connection(k: ConnectionInput): void {
      connection.run(...resourceValues(k))
    },
    cookie(k: CookieInput): void {
      cookie.run(
        k.id,
        k.zone_id,
        k.name,
        k.host,
        k.type,
        k.page_urls[0] ?? '',
        JSON.stringify(k.page_urls),
        k.first_seen_at,
        k.last_seen_at,
        k.domain_attribute ?? null,
        k.path_attribute ?? null,
        k.expires_attribute ?? null,
        k.max_age_attribute ?? null,
        +k.http_only_attribute,
        +k.secure_attribute,
        k.same_site_attribute,
      )
    },
    /** Marks duplicates once a zone's scripts are written: call after the last script. */
    finishScripts(zoneId: string): void {
      markDuplicates(db, zoneId)
    },
    settings(zoneId: string, s: { enabled: boolean; reporting: boolean; urlPath: boolean; updatedAt: string }): void {
      insert('page_shield_settings', 'zone_id, enabled, use_reporting_endpoint, use_connection_url_path, updated_at').run(
        zoneId,
        +s.enabled,
        +s.reporting,
        +s.urlPath,
        s.updatedAt,
      )
    },
    policy(p: {
      id: string
      zone_id: string
      description: string
      action: string
      expression: string
      enabled: boolean
      value: string
      created_at: string
    }): void {
      insert('page_shield_policies', 'id, zone_id, description, action, expression, enabled, value, created_at').run(
        p.id,
        p.zone_id,
        p.description,
        p.action,
        p.expression,
        +p.enabled,
        p.value,
        p.created_at,
      )
    },
  }
}

/**
 * exclude_duplicates: scripts with the same content (hash) from the same host, seen on the same site
 * (page host), are one script; only the most recently seen of them is listed.
 */
function markDuplicates(db: Db, zoneId: string): void {
  db.prepare('UPDATE page_shield_scripts SET superseded = 0 WHERE zone_id = ? AND superseded = 1').run(zoneId)
  db.prepare(
    `UPDATE page_shield_scripts SET superseded = 1 WHERE id IN (
       SELECT id FROM (
         SELECT id, ROW_NUMBER() OVER (PARTITION BY hash, host, page_host ORDER BY last_seen_at DESC, id DESC) AS rn
         FROM page_shield_scripts WHERE zone_id = ? AND hash IS NOT NULL)
       WHERE rn > 1)`,
  ).run(zoneId)
}
