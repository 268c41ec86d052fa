import type { Context } from 'hono'
import type { ZodType } from 'zod'
import { toCsv } from '../../../shared/page-shield/csv'
import type { ResultInfo } from '../../../shared/schemas/common'
import { ok, validate } from '../http'
import { escapeLike, resultInfo, Where } from '../list-engine'
import type { Db } from '../module'

export { Where } from '../list-engine'

/** Query parameters arrive as repeated keys or comma lists; both become one comma list. */
export function readListQuery<T>(c: Context, schema: ZodType<T>): T {
  const raw: Record<string, string> = {}
  for (const [key, values] of Object.entries(c.req.queries())) raw[key] = values.join(',')
  return validate(schema, raw, 1001)
}

/**
 * One pattern of the hosts / page_url / name filters: a `*` at the start or end means ends-with,
 * starts-with or contains; without one the match is exact (case-insensitive).
 */
export function wildcardCondition(column: string, pattern: string): { sql: string; params: unknown[] } {
  const starts = pattern.startsWith('*')
  const ends = pattern.length > 1 && pattern.endsWith('*')
  const core = pattern.replace(/^\*+/, '').replace(/\*+$/, '')
  if (core === '') return { sql: '1', params: [] }
  if (!starts && !ends) return { sql: `${column} = ? COLLATE NOCASE`, params: [core] }
  return { sql: `${column} LIKE ? ESCAPE '\\'`, params: [`${starts ? '%' : ''}${escapeLike(core)}${ends ? '%' : ''}`] }
}

/** Any of the patterns (OR). */
export function addWildcards(where: Where, column: string, patterns: string[] | undefined): void {
  if (!patterns?.length) return
  const conds = patterns.map((p) => wildcardCondition(column, p))
  where.add(`(${conds.map((c) => c.sql).join(' OR ')})`, ...conds.flatMap((c) => c.params))
}

/** page_url: any of the patterns against any of the page URLs the item was seen on. */
export function addPageUrlFilter(where: Where, alias: string, patterns: string[] | undefined): void {
  if (!patterns?.length) return
  const conds = patterns.map((p) => wildcardCondition('p.value', p))
  where.add(
    `EXISTS (SELECT 1 FROM json_each(${alias}.page_urls) p WHERE ${conds.map((c) => c.sql).join(' OR ')})`,
    ...conds.flatMap((c) => c.params),
  )
}

/** urls / exclude_urls: the URL contains any of the values (case-sensitive, as URLs are). */
export function addUrlContains(where: Where, column: string, values: string[] | undefined, exclude: boolean): void {
  if (!values?.length) return
  const any = `(${values.map(() => `instr(${column}, ?) > 0`).join(' OR ')})`
  where.add(exclude ? `NOT ${any}` : any, ...values)
}

export interface ListRequest {
  page?: number | 'all'
  per_page?: number
  order_by?: 'first_seen_at' | 'last_seen_at'
  direction?: 'asc' | 'desc'
  export?: 'csv'
}

export const DEFAULT_PER_PAGE = 20
export const EXPORT_LIMIT = 50_000

export interface ListSpec<Row, Item> {
  db: Db
  table: string
  alias: string
  where: Where
  /** SQL sort keys placed before the requested order (malicious first). */
  priority?: string[]
  query: ListRequest
  toItem: (row: Row, mode: 'page' | 'all') => Item
  csv: { file: string; columns: readonly string[]; toRecord: (row: Row) => Record<string, unknown> }
}

/**
 * Runs a list request: page-style paging (an empty page past the end), page=all in one page, or
 * export=csv (every match up to 50,000 rows, text/csv). Default order: last seen, newest first.
 */
export function answerList<Row, Item>(c: Context, spec: ListSpec<Row, Item>): Response {
  const { db, table, alias, where, query } = spec
  const orderBy = query.order_by ?? 'last_seen_at'
  const direction = query.direction ?? (query.order_by ? 'asc' : 'desc')
  // Ties broken by rowid (insertion order): every index carries it, so paging never reads the table.
  const order = [...(spec.priority ?? []), `${alias}.${orderBy} ${direction.toUpperCase()}`, `${alias}.rowid ASC`].join(', ')
  const from = `FROM ${table} ${alias} ${where.sql}`

  if (query.export === 'csv') {
    const rows = db.prepare(`SELECT ${alias}.* ${from} ORDER BY ${order} LIMIT ${EXPORT_LIMIT}`).all(...where.params) as Row[]
    const body = toCsv(spec.csv.columns as string[], rows.map(spec.csv.toRecord))
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${spec.csv.file}"`,
    })
  }

  const total = (db.prepare(`SELECT COUNT(*) AS n ${from}`).get(...where.params) as { n: number }).n
  if (query.page === 'all') {
    const rows = db.prepare(`SELECT ${alias}.* ${from} ORDER BY ${order} LIMIT ${EXPORT_LIMIT}`).all(...where.params) as Row[]
    const info: ResultInfo = { page: 1, per_page: rows.length, count: rows.length, total_count: total, total_pages: 1 }
    return ok(
      c,
      rows.map((r) => spec.toItem(r, 'all')),
      info,
    )
  }
  const page = query.page ?? 1
  const perPage = query.per_page ?? DEFAULT_PER_PAGE
  // Deferred join: the page's rowids come from the index alone, then only those rows are read.
  const rows = db
    .prepare(
      `SELECT ${alias}.* FROM ${table} ${alias}
       JOIN (SELECT ${alias}.rowid AS rid ${from} ORDER BY ${order} LIMIT ? OFFSET ?) AS pick ON pick.rid = ${alias}.rowid
       ORDER BY ${order}`,
    )
    .all(...where.params, perPage, (page - 1) * perPage) as Row[]
  const info = resultInfo({ page, perPage, offset: (page - 1) * perPage }, rows.length, total)
  return ok(
    c,
    rows.map((r) => spec.toItem(r, 'page')),
    info,
  )
}

export const bool = (v: number | null | undefined) => v === 1
export const jsonList = (v: string | null | undefined): string[] => (v ? (JSON.parse(v) as string[]) : [])
