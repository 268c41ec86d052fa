import { commaItems } from '../../../shared/lists/query'
import { cookiesQuery } from '../../../shared/lists/page-shield'
import { ok } from '../http'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { readQuery } from '../list-engine'
import { addPageUrlFilter, answerList, bool, jsonList, Where } from './list'
import { addHostFilter, findInZone } from './resource'

interface CookieRow {
  id: string
  zone_id: string
  name: string
  host: string
  type: string
  first_page_url: string
  page_urls: string
  first_seen_at: string
  last_seen_at: string
  domain_attribute: string | null
  path_attribute: string | null
  expires_attribute: string | null
  max_age_attribute: number | null
  http_only_attribute: number
  secure_attribute: number
  same_site_attribute: string | null
}

function cookieItem(r: CookieRow) {
  return {
    id: r.id,
    name: r.name,
    host: r.host,
    type: r.type,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
    first_page_url: r.first_page_url,
    page_urls: jsonList(r.page_urls),
    // Attributes the cookie was set without are omitted: the published schema types them as plain
    // strings (never null). Max-Age alone may be null (specification: "integer or null").
    ...present({
      domain_attribute: r.domain_attribute,
      path_attribute: r.path_attribute,
      expires_attribute: r.expires_attribute,
    }),
    max_age_attribute: r.max_age_attribute,
    http_only_attribute: bool(r.http_only_attribute),
    secure_attribute: bool(r.secure_attribute),
    ...present({ same_site_attribute: r.same_site_attribute }),
  }
}

const present = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as { [K in keyof T]?: NonNullable<T[K]> }

const CSV_COLUMNS = [
  'id',
  'name',
  'host',
  'type',
  'first_page_url',
  'first_seen_at',
  'last_seen_at',
  'domain_attribute',
  'path_attribute',
  'expires_attribute',
  'max_age_attribute',
  'http_only_attribute',
  'secure_attribute',
  'same_site_attribute',
] as const

export function cookieHandlers(table: TableRouter, { db }: EmulatorContext): void {
  table.get('/zones/:zone_id/page_shield/cookies', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readQuery(c, cookiesQuery)
    const where = new Where().add('k.zone_id = ?', zone.id)
    addHostFilter(where, 'k.host', commaItems(q.hosts))
    addPageUrlFilter(where, 'k', commaItems(q.page_url))
    if (q.name) {
      // Cookie names are case-sensitive, wildcards or not.
      const starts = q.name.startsWith('*')
      const ends = q.name.length > 1 && q.name.endsWith('*')
      const core = q.name.replace(/^\*+/, '').replace(/\*+$/, '')
      if (!starts && !ends) where.add('k.name = ?', core)
      else if (core) {
        const fn =
          starts && ends ? 'instr(k.name, ?) > 0' : starts ? 'substr(k.name, -length(?)) = ?' : 'substr(k.name, 1, length(?)) = ?'
        where.add(fn, ...(starts && ends ? [core] : [core, core]))
      }
    }
    if (q.type) where.add('k.type = ?', q.type)
    if (q.path !== undefined) where.add('k.path_attribute = ?', q.path)
    if (q.domain !== undefined) where.add('k.domain_attribute = ?', q.domain)
    if (q.http_only !== undefined) where.add('k.http_only_attribute = ?', q.http_only ? 1 : 0)
    if (q.secure !== undefined) where.add('k.secure_attribute = ?', q.secure ? 1 : 0)
    if (q.same_site) where.add('k.same_site_attribute = ?', q.same_site)
    return answerList<CookieRow, ReturnType<typeof cookieItem>>(c, {
      db,
      table: 'page_shield_cookies',
      alias: 'k',
      where,
      defaultOrder: 'last_seen_at',
      query: q,
      toItem: cookieItem,
      csv: { file: `page-shield-cookies-${zone.name}.csv`, columns: CSV_COLUMNS, toRecord: cookieItem },
    })
  })

  table.get('/zones/:zone_id/page_shield/cookies/:cookie_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findInZone<CookieRow>(db, 'page_shield_cookies', zone.id, c.req.param('cookie_id'), 'Cookie')
    return ok(c, cookieItem(row))
  })
}
