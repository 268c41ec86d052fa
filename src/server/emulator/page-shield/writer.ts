import { isMalicious, isReportedMalicious } from '../../../shared/page-shield/malicious'
import type { Db } from '../module'

/** Rows as the seeds and the tests write them (arrays and booleans in their natural form). */
export interface ScriptInput {
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

/** Prepared inserts, made once per seed run. */
export function pageShieldWriter(db: Db) {
  const script = db.prepare(`INSERT INTO page_shield_scripts
    (id, zone_id, url, host, page_host, first_page_url, page_urls, status, added_at, first_seen_at, last_seen_at,
     url_contains_cdn_cgi_path, domain_reported_malicious, url_reported_malicious, malicious_domain_categories,
     malicious_url_categories, hash, fetched_at, js_integrity_score, malware_score, magecart_score, cryptomining_score,
     dataflow_score, obfuscation_score, threat_rank)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const version = db.prepare(`INSERT INTO page_shield_script_versions
    (script_id, position, hash, fetched_at, js_integrity_score, malware_score, magecart_score, cryptomining_score, dataflow_score, obfuscation_score)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
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
  const connection = db.prepare(`INSERT INTO page_shield_connections
    (id, zone_id, url, host, first_page_url, page_urls, status, added_at, first_seen_at, last_seen_at, url_contains_cdn_cgi_path,
     domain_reported_malicious, url_reported_malicious, malicious_domain_categories, malicious_url_categories)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const cookie = db.prepare(`INSERT INTO page_shield_cookies
    (id, zone_id, name, host, type, first_page_url, page_urls, first_seen_at, last_seen_at, domain_attribute, path_attribute,
     expires_attribute, max_age_attribute, http_only_attribute, secure_attribute, same_site_attribute)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)

  return {
    script(s: ScriptInput): void {
      const current = s.versions[s.versions.length - 1]
      const first = s.page_urls[0] ?? ''
      const { lastInsertRowid } = script.run(
        s.id,
        s.zone_id,
        s.url,
        hostOf(s.url),
        hostOf(first),
        first,
        JSON.stringify(s.page_urls),
        s.status,
        s.added_at,
        s.first_seen_at,
        s.last_seen_at,
        +hasCdnCgi(s.url),
        +(s.domain_reported_malicious ?? false),
        +(s.url_reported_malicious ?? false),
        JSON.stringify(s.malicious_domain_categories ?? []),
        JSON.stringify(s.malicious_url_categories ?? []),
        current?.hash ?? null,
        current?.fetched_at ?? null,
        current?.js_integrity_score ?? null,
        current?.malware_score ?? null,
        current?.magecart_score ?? null,
        current?.cryptomining_score ?? null,
        current?.dataflow_score ?? null,
        current?.obfuscation_score ?? null,
        isMalicious(current?.js_integrity_score) ? 2 : isReportedMalicious(s) ? 1 : 0,
      )
      for (const p of s.page_urls) scriptPage.run(pageId(s.zone_id, p), lastInsertRowid)
      s.versions.forEach((v, i) =>
        version.run(
          s.id,
          i,
          v.hash,
          v.fetched_at,
          v.js_integrity_score,
          v.malware_score,
          v.magecart_score,
          v.cryptomining_score,
          v.dataflow_score ?? null,
          v.obfuscation_score ?? null,
        ),
      )
    },
    connection(k: ConnectionInput): void {
      connection.run(
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
      )
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
      db.prepare(
        'INSERT INTO page_shield_settings (zone_id, enabled, use_reporting_endpoint, use_connection_url_path, updated_at) VALUES (?, ?, ?, ?, ?)',
      ).run(zoneId, +s.enabled, +s.reporting, +s.urlPath, s.updatedAt)
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
      db.prepare(
        'INSERT INTO page_shield_policies (id, zone_id, description, action, expression, enabled, value, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(p.id, p.zone_id, p.description, p.action, p.expression, +p.enabled, p.value, p.created_at)
    },
  }
}
export type PageShieldWriter = ReturnType<typeof pageShieldWriter>

/**
 * exclude_duplicates: scripts with the same content (hash) from the same host, seen on the same site
 * (page host), are one script; only the most recently seen of them is listed.
 */
export function markDuplicates(db: Db, zoneId: string): void {
  db.prepare('UPDATE page_shield_scripts SET superseded = 0 WHERE zone_id = ? AND superseded = 1').run(zoneId)
  db.prepare(
    `UPDATE page_shield_scripts SET superseded = 1 WHERE id IN (
       SELECT id FROM (
         SELECT id, ROW_NUMBER() OVER (PARTITION BY hash, host, page_host ORDER BY last_seen_at DESC, id DESC) AS rn
         FROM page_shield_scripts WHERE zone_id = ? AND hash IS NOT NULL)
       WHERE rn > 1)`,
  ).run(zoneId)
}
