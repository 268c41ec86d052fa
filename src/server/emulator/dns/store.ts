import type { Statement } from 'better-sqlite3'
import type { NormalisedRecord } from '../../../shared/dns/normalise'
import { canBeProxied } from '../../../shared/dns/proxiable'
import type { DnsRecord } from '../../../shared/schemas/dns-record'
import type { Db } from '../module'
import { searchText } from './schema'

export interface RecordRow {
  id: string
  zone_id: string
  type: string
  name: string
  content: string
  priority: number | null
  data: string | null
  proxied: number
  proxiable: number
  ttl: number
  comment: string | null
  tags: string
  settings: string
  meta: string
  created_on: string
  modified_on: string
  comment_modified_on: string | null
  tags_modified_on: string | null
}

export interface RecordMeta {
  auto_added: boolean
  managed_by_apps: boolean
  managed_by_argo_tunnel: boolean
  source: string
}

export const DEFAULT_META: RecordMeta = {
  auto_added: false,
  managed_by_apps: false,
  managed_by_argo_tunnel: false,
  source: 'primary',
}
const DEFAULT_META_JSON = JSON.stringify(DEFAULT_META)

const cache = new WeakMap<Db, Map<string, Statement>>()

/** A prepared statement, prepared once per database. */
export function sql(db: Db, text: string): Statement {
  let m = cache.get(db)
  if (!m) cache.set(db, (m = new Map()))
  let s = m.get(text)
  if (!s) m.set(text, (s = db.prepare(text)))
  return s
}

/** Whether the service could proxy this record: A/AAAA/CNAME, except private addresses. */
export const computeProxiable = canBeProxied

/** The record as the API returns it (api-notes §3.3): no zone_id, zone_name or locked. */
export function toApiRecord(row: RecordRow): DnsRecord {
  const tags = JSON.parse(row.tags) as string[]
  const rec: DnsRecord = {
    id: row.id,
    name: row.name,
    type: row.type as DnsRecord['type'],
    content: row.content,
    proxiable: row.proxiable === 1,
    proxied: row.proxied === 1,
    ttl: row.ttl,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    meta: JSON.parse(row.meta) as DnsRecord['meta'],
    comment: row.comment,
    tags,
    created_on: row.created_on,
    modified_on: row.modified_on,
  }
  if (row.comment_modified_on && row.comment !== null) rec.comment_modified_on = row.comment_modified_on
  if (row.tags_modified_on && tags.length) rec.tags_modified_on = row.tags_modified_on
  if (row.priority !== null) rec.priority = row.priority
  if (row.data !== null) rec.data = JSON.parse(row.data) as Record<string, string | number>
  return rec
}

export function getRow(db: Db, zoneId: string, id: string): RecordRow | undefined {
  return sql(db, 'SELECT * FROM dns_records WHERE zone_id = ? AND id = ?').get(zoneId, id) as RecordRow | undefined
}

const splitTag = (tag: string) => {
  const i = tag.indexOf(':')
  return i < 0 ? { name: tag.toLowerCase(), value: '' } : { name: tag.slice(0, i).toLowerCase(), value: tag.slice(i + 1) }
}

function insertTags(db: Db, id: string, tags: string[]) {
  const ins = sql(db, 'INSERT INTO dns_record_tags (record_id, name, value) VALUES (?, ?, ?)')
  for (const t of tags) {
    const { name, value } = splitTag(t)
    ins.run(id, name, value)
  }
}

export interface InsertOptions {
  id: string
  zoneId: string
  now: string
  meta?: RecordMeta
}

/** Stores a normalised record (name already a lower-case FQDN). Positional binding: seeds insert 10,000. */
export function insertRecord(db: Db, rec: NormalisedRecord, o: InsertOptions): void {
  const tags = rec.tags.length ? JSON.stringify(rec.tags) : '[]'
  sql(
    db,
    `INSERT INTO dns_records (id, zone_id, type, name, content, priority, data, proxied, proxiable, ttl, comment, tags,
      settings, meta, created_on, modified_on, comment_modified_on, tags_modified_on, search_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    o.id,
    o.zoneId,
    rec.type,
    rec.name,
    rec.content,
    rec.priority ?? null,
    rec.data ? JSON.stringify(rec.data) : null,
    rec.proxied ? 1 : 0,
    computeProxiable(rec.type, rec.content) ? 1 : 0,
    rec.ttl,
    rec.comment,
    tags,
    rec.settings && Object.keys(rec.settings).length ? JSON.stringify(rec.settings) : '{}',
    o.meta ? JSON.stringify(o.meta) : DEFAULT_META_JSON,
    o.now,
    o.now,
    rec.comment !== null ? o.now : null,
    rec.tags.length ? o.now : null,
    searchText({ ...rec, tags }),
  )
  if (rec.tags.length) insertTags(db, o.id, rec.tags)
}

/** Replaces a record's values, keeping its id, meta and created_on. */
export function updateRow(db: Db, before: RecordRow, rec: NormalisedRecord, now: string): void {
  const tags = JSON.stringify(rec.tags)
  sql(
    db,
    `UPDATE dns_records SET name = @name, content = @content, priority = @priority, data = @data, proxied = @proxied,
      proxiable = @proxiable, ttl = @ttl, comment = @comment, tags = @tags, settings = @settings, modified_on = @now,
      comment_modified_on = @comment_on, tags_modified_on = @tags_on, search_text = @search WHERE id = @id`,
  ).run({
    id: before.id,
    name: rec.name,
    content: rec.content,
    priority: rec.priority ?? null,
    data: rec.data ? JSON.stringify(rec.data) : null,
    proxied: rec.proxied ? 1 : 0,
    proxiable: computeProxiable(rec.type, rec.content) ? 1 : 0,
    ttl: rec.ttl,
    comment: rec.comment,
    tags,
    settings: JSON.stringify(rec.settings),
    now,
    comment_on: rec.comment === before.comment ? before.comment_modified_on : rec.comment === null ? null : now,
    tags_on: tags === before.tags ? before.tags_modified_on : now,
    search: searchText({ ...rec, tags }),
  })
  if (tags !== before.tags) {
    sql(db, 'DELETE FROM dns_record_tags WHERE record_id = ?').run(before.id)
    insertTags(db, before.id, rec.tags)
  }
}

export function deleteRow(db: Db, id: string): void {
  sql(db, 'DELETE FROM dns_records WHERE id = ?').run(id)
}
