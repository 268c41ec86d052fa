import type { Context } from 'hono'
import type { ResultInfo } from '../../shared/schemas/common'
import { QueryError, type Fields, type ListQuery, type QueryOf } from '../../shared/lists/query'
import { resultInfo } from '../../shared/lists/result-info'
import { badRequest } from './api-error'
import type { Db } from './module'

/**
 * The emulator's list engine, used by every list: paging with the service's clamping, the
 * result_info it reports, a WHERE builder with bound values and OR/AND groups of conditions, LIKE
 * escaping, one paged query (count, then one page in a stable order; optionally a WHERE chosen from
 * the count, and a deferred join that reads only the page's rows), and the page-security style
 * answer (page=all, CSV export).
 */

export interface Paging {
  page: number
  perPage: number
  offset: number
}

export interface PagingRange {
  defaultPerPage: number
  minPerPage?: number
  maxPerPage: number
}

/**
 * A list's query as the service reads it (the list's one declaration in src/shared/lists): unknown
 * keys ignored, paging clamped, a refused value a 400 (code 1001) pointing at its key.
 */
export function readQuery<F extends Fields>(c: Context, query: ListQuery<F>): QueryOf<F> {
  try {
    return query.read(new URL(c.req.url).searchParams)
  } catch (e) {
    if (e instanceof QueryError) throw badRequest(1001, e.message, `/${e.key}`)
    throw e
  }
}

/** The page asked for (absent: 1) and its size (absent: the endpoint's default), read by `readQuery`. */
export function pagingOf(q: { page?: number; per_page?: number }, defaultPerPage: number): Paging {
  const page = q.page ?? 1
  const perPage = q.per_page ?? defaultPerPage
  return { page, perPage, offset: (page - 1) * perPage }
}

/** Reads one paging number: absent is `fallback`; not a number at all is a 400 naming the key. */
function pagingNumber(raw: string | undefined, fallback: number, key: string): number {
  if (raw === undefined || raw.trim() === '') return fallback
  const n = Number(raw)
  if (!Number.isFinite(n)) throw badRequest(1001, `${key} must be a number.`, `/${key}`)
  return Math.trunc(n)
}

/**
 * Clamps a page size into the endpoint's range, as the real service does (api-notes §13.8: certbot
 * and python-cloudflare look zones up with `per_page=1`). `result_info.per_page` then reports the
 * size actually used.
 */
export function clampPerPage(raw: string | undefined, range: PagingRange): number {
  const n = pagingNumber(raw, range.defaultPerPage, 'per_page')
  return Math.min(range.maxPerPage, Math.max(range.minPerPage ?? 1, n))
}

/**
 * Reads page / per_page with the endpoint's default and bounds. Out-of-range numbers are clamped
 * (page below 1 reads as 1); only a value that is not a number at all is a 400.
 */
export function readPaging(c: Context, range: PagingRange): Paging {
  const page = Math.max(1, pagingNumber(c.req.query('page'), 1, 'page'))
  const perPage = clampPerPage(c.req.query('per_page'), range)
  return { page, perPage, offset: (page - 1) * perPage }
}

/** The shared `result_info` of a page (src/shared/lists/result-info.ts). */
export { resultInfo }

/** One condition with its bound values. */
export interface Cond {
  sql: string
  params: unknown[]
}

/** The conditions joined with AND or OR, in parentheses; none: undefined. */
export const group = (conds: Cond[], op: 'AND' | 'OR'): Cond | undefined =>
  conds.length ? { sql: `(${conds.map((c) => c.sql).join(` ${op} `)})`, params: conds.flatMap((c) => c.params) } : undefined

/** Any of the conditions (OR). */
export const anyOf = (conds: Cond[]) => group(conds, 'OR')

/** A WHERE clause built from parts (AND); values are always bound, never spliced. */
export class Where {
  readonly parts: string[] = []
  readonly params: unknown[] = []
  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql)
    this.params.push(...params)
    return this
  }
  /** Adds a condition (nothing for undefined). */
  and(cond: Cond | undefined): this {
    return cond ? this.add(cond.sql, ...cond.params) : this
  }
  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : ''
  }
}

/** Escapes LIKE wildcards (use with `ESCAPE '\\'`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`)

export interface PagedQuery {
  select: string
  /** Table (with its alias) the rows come from. */
  from: string
  where: Where
  /** Must end in a unique key (e.g. the rowid), so pages never overlap. */
  order: string
  paging: Paging
  /** The WHERE of the page itself, chosen once the count is known (DNS picks an index strategy by it). */
  pageWhere?: (total: number) => Where
  /** Reads the page's rowids from the index alone, then only those rows (`alias`: the table's alias in `from`). */
  deferredJoin?: { alias: string }
}

/** One page of `SELECT <select> FROM <from> <where> ORDER BY <order>` and its result_info. */
export function pagedRows<Row>(db: Db, q: PagedQuery): { rows: Row[]; info: ResultInfo } {
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${q.where.sql}`).get(...q.where.params) as { n: number }).n
  const where = q.pageWhere ? q.pageWhere(total) : q.where
  const page = [...where.params, q.paging.perPage, q.paging.offset]
  const a = q.deferredJoin?.alias
  const sql = a
    ? `SELECT ${q.select} FROM ${q.from}
       JOIN (SELECT ${a}.rowid AS rid FROM ${q.from} ${where.sql} ORDER BY ${q.order} LIMIT ? OFFSET ?) AS pick ON pick.rid = ${a}.rowid
       ORDER BY ${q.order}`
    : `SELECT ${q.select} FROM ${q.from} ${where.sql} ORDER BY ${q.order} LIMIT ? OFFSET ?`
  const rows = db.prepare(sql).all(...page) as Row[]
  return { rows, info: resultInfo(q.paging, rows.length, total) }
}
