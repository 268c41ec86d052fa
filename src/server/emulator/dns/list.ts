import type { Context } from 'hono'
import { DNS_RECORDS_DEFAULT_PER_PAGE, dnsRecordsQuery, type DnsRecordsQuery } from '../../../shared/lists/dns-records'
import { listOf, type OneOrMany } from '../../../shared/lists/query'
import type { ResultInfo } from '../../../shared/schemas/common'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import { badRequest } from '../http'
import { anyOf, escapeLike, group, pagedRows, pagingOf, readQuery, Where, type Cond } from '../list-engine'
import type { ZoneRef } from '../lookup'
import type { Db } from '../module'
import { toApiRecord, type RecordRow } from './store'

/**
 * GET …/dns_records (api-notes §3.2) as one SQL query, over the query as the list's one declaration
 * reads it (`dnsRecordsQuery`, src/shared/lists/dns-records.ts). Every filter key is one condition; the values
 * of a repeated key (type=A&type=AAAA) are alternatives. Conditions combine with `match`
 * (all: AND, any: OR); tag conditions first combine with `tag_match`; `search` always narrows.
 * Name, content, comment and tag filters ignore case (SQLite LIKE and COLLATE NOCASE).
 */

const like = escapeLike
/** The values of a text filter (repeated keys: alternatives). */
const values = (q: DnsRecordsQuery, key: string): string[] => listOf((q as Record<string, OneOrMany<string> | undefined>)[key])

const OPS = {
  exact: (v: string) => v,
  contains: (v: string) => `%${v}%`,
  startswith: (v: string) => `${v}%`,
  endswith: (v: string) => `%${v}`,
}
type Op = keyof typeof OPS

/**
 * A substring filter. `indexed`: evaluated on the (zone_id, column) index alone and joined by rowid,
 * which stays fast when few rows match (plain, the sort-order walk would read every row of the
 * table); plain is faster when many match (the walk stops after one page). `name` is always plain:
 * the (zone_id, type, name) index already holds it.
 */
function likeCond(zoneId: string, column: string, pattern: string, indexed: boolean): Cond {
  if (!indexed || column === 'name') return { sql: `r.${column} LIKE ? ESCAPE '\\'`, params: [pattern] }
  return {
    sql: `r.rowid IN (SELECT rowid FROM dns_records WHERE zone_id = ? AND ${column} LIKE ? ESCAPE '\\')`,
    params: [zoneId, pattern],
  }
}

/** Below this many matches, substring filters run on their index first (see likeCond). */
const SPARSE_MATCHES = 2000

/**
 * `field`, `field.exact` (case-insensitive equality; names are stored lower-case, so `norm` lowers
 * them and the index serves the lookup) and `field.contains|startswith|endswith`.
 */
function textFilters(q: DnsRecordsQuery, zoneId: string, field: string, indexed: boolean, norm?: (v: string) => string): Cond[] {
  const conds: Cond[] = []
  const exact = [...values(q, field), ...values(q, `${field}.exact`)].map(norm ?? ((v) => v))
  const collate = norm ? '' : ' COLLATE NOCASE'
  if (exact.length) {
    const plain = { sql: `r.${field}${collate} IN (${exact.map(() => '?').join(', ')})`, params: exact }
    conds.push(
      field === 'content'
        ? orTxt(
            plain,
            exact.map((v) => txtPattern('exact', v)),
          )
        : plain,
    )
  }
  for (const op of ['contains', 'startswith', 'endswith'] as Op[]) {
    const list = values(q, `${field}.${op}`).map(norm ?? ((v) => v))
    const cond = anyOf(
      list.map((v) => {
        const plain = likeCond(zoneId, field, OPS[op](like(v)), indexed)
        return field === 'content' ? orTxt(plain, [txtPattern(op, v)]) : plain
      }),
    )
    if (cond) conds.push(cond)
  }
  return conds
}

/**
 * TXT content is stored quoted (`"tok"`), while clients such as certbot look their record up with
 * the value they sent (`content=tok`): for TXT records a value also matches with its quotes added
 * (api-notes §13.9). `txtPattern` gives the LIKE pattern of that quoted form.
 */
const unquote = (v: string) => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v)
function txtPattern(op: Op, v: string): string {
  const bare = like(unquote(v))
  return { exact: `"${bare}"`, contains: `%${bare}%`, startswith: `"${bare}%`, endswith: `%${bare}"` }[op]
}
function orTxt(plain: Cond, patterns: string[]): Cond {
  const txt = `(r.type = 'TXT' AND (${patterns.map(() => "r.content LIKE ? ESCAPE '\\'").join(' OR ')}))`
  return { sql: `(${plain.sql} OR ${txt})`, params: [...plain.params, ...patterns] }
}

function splitTag(raw: string): { name: string; value: string | undefined } {
  const i = raw.indexOf(':')
  return i < 0 ? { name: raw.toLowerCase(), value: undefined } : { name: raw.slice(0, i).toLowerCase(), value: raw.slice(i + 1) }
}

/** Tag conditions select ids once from the (name, value) index instead of probing per record. */
const TAGGED = 'r.id IN (SELECT record_id FROM dns_record_tags WHERE name = ?'

function tagFilters(q: DnsRecordsQuery): Cond[] {
  const conds: Cond[] = []
  for (const raw of values(q, 'tag')) {
    const { name, value } = splitTag(raw)
    conds.push(
      value === undefined
        ? { sql: `${TAGGED})`, params: [name] }
        : { sql: `${TAGGED} AND value = ? COLLATE NOCASE)`, params: [name, value] },
    )
  }
  for (const raw of values(q, 'tag.present')) conds.push({ sql: `${TAGGED})`, params: [splitTag(raw).name] })
  for (const raw of values(q, 'tag.absent')) conds.push({ sql: `NOT ${TAGGED})`, params: [splitTag(raw).name] })
  for (const op of ['exact', 'contains', 'startswith', 'endswith'] as Op[]) {
    for (const raw of values(q, `tag.${op}`)) {
      const { name, value } = splitTag(raw)
      if (value === undefined) throw badRequest(1001, `tag.${op} takes name:value, such as owner:dns-team.`, `/tag.${op}`)
      conds.push({ sql: `${TAGGED} AND value LIKE ? ESCAPE '\\')`, params: [name, OPS[op](like(value))] })
    }
  }
  return conds
}

const joiner = (m: 'all' | 'any' | undefined): 'AND' | 'OR' => (m === 'any' ? 'OR' : 'AND')

export function listRecords(db: Db, zone: ZoneRef, c: Context): { records: DnsRecord[]; info: ResultInfo } {
  const zoneName = zone.name.toLowerCase()
  const normName = (v: string) => {
    const n = v.trim().toLowerCase().replace(/\.$/, '')
    return n === '@' ? zoneName : n
  }
  const q = readQuery(c, dnsRecordsQuery)
  const types = listOf(q.type)
  const proxied = q.proxied
  const match = joiner(q.match)
  const tagMatch = joiner(q.tag_match)
  const search = q.search?.trim()

  const buildWhere = (indexed: boolean): Where => {
    const conds: Cond[] = []
    if (types.length) conds.push({ sql: `r.type IN (${types.map(() => '?').join(', ')})`, params: types })
    conds.push(...textFilters(q, zone.id, 'name', indexed, normName))
    conds.push(...textFilters(q, zone.id, 'content', indexed))
    conds.push(...textFilters(q, zone.id, 'comment', indexed))
    if (q['comment.present']) conds.push({ sql: "(r.comment IS NOT NULL AND r.comment != '')", params: [] })
    if (q['comment.absent']) conds.push({ sql: "(r.comment IS NULL OR r.comment = '')", params: [] })
    if (proxied !== undefined) conds.push({ sql: 'r.proxied = ?', params: [proxied ? 1 : 0] })
    const tags = group(tagFilters(q), tagMatch)
    if (tags) conds.push(tags)
    const where = new Where().add('r.zone_id = ?', zone.id).and(group(conds, match))
    if (search) where.and(likeCond(zone.id, 'search_text', `%${like(search)}%`, indexed))
    return where
  }

  const order = q.order ?? 'type'
  const dir = q.direction === 'desc' ? 'DESC' : 'ASC'
  const orders = {
    type: `r.type ${dir}, r.name ${dir}, r.rowid ${dir}`,
    name: `r.name ${dir}, r.type ${dir}, r.rowid ${dir}`,
    content: `r.content ${dir}, r.rowid ${dir}`,
    ttl: `r.ttl ${dir}, r.rowid ${dir}`,
    proxied: `r.proxied ${dir}, r.rowid ${dir}`,
  }
  const orderSql = orders[order]

  const paging = pagingOf(q, DNS_RECORDS_DEFAULT_PER_PAGE)
  // Counted with substring filters on their indexes; the page then reads them that way only when
  // few rows match (see likeCond).
  const counted = buildWhere(true)
  const { rows, info } = pagedRows<RecordRow>(db, {
    select: 'r.*',
    from: 'dns_records r',
    where: counted,
    pageWhere: (total) => (total < SPARSE_MATCHES ? counted : buildWhere(false)),
    order: orderSql,
    paging,
  })
  return { records: rows.map(toApiRecord), info }
}
