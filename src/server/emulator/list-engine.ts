import type { Context } from 'hono'
import type { ResultInfo } from '../../shared/schemas/common'
import { badRequest } from './http'
import type { Db } from './module'

/**
 * The emulator's list engine: paging with the service's clamping, the result_info it reports, a
 * WHERE builder with bound values, LIKE escaping, and one paged query (count, then one page in a
 * stable order). Lists with special needs (DNS's index strategies, page security's CSV export)
 * build on the same parts.
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

export function resultInfo(paging: Paging, count: number, totalCount: number): ResultInfo {
  return {
    page: paging.page,
    per_page: paging.perPage,
    count,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / paging.perPage),
  }
}

/** A WHERE clause built from parts; values are always bound, never spliced. */
export class Where {
  readonly parts: string[] = []
  readonly params: unknown[] = []
  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql)
    this.params.push(...params)
    return this
  }
  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : ''
  }
}

/** Escapes LIKE wildcards (use with `ESCAPE '\\'`). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`)

/**
 * One page of `SELECT <select> FROM <from> <where> ORDER BY <order>` and its result_info. `order`
 * must end in a unique key so pages never overlap.
 */
export function pagedRows<Row>(
  db: Db,
  q: { select: string; from: string; where: Where; order: string; paging: Paging },
): { rows: Row[]; info: ResultInfo } {
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${q.where.sql}`).get(...q.where.params) as { n: number }).n
  const rows = db
    .prepare(`SELECT ${q.select} FROM ${q.from} ${q.where.sql} ORDER BY ${q.order} LIMIT ? OFFSET ?`)
    .all(...q.where.params, q.paging.perPage, q.paging.offset) as Row[]
  return { rows, info: resultInfo(q.paging, rows.length, total) }
}
