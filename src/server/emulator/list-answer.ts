import type { Context } from 'hono'
import { toCsv } from '../../shared/page-shield/csv'
import { onePage } from '../../shared/lists/result-info'
import { ok } from './http'
import { pagedRows, type Where } from './list-engine'
import type { Db } from './module'

/**
 * The list engine's answer for lists read page by page, all at once (`page=all`) or as a CSV file
 * (`export=csv`, every match up to 50,000 rows): page security's scripts, connections and cookies.
 */
export interface ListRequest {
  page?: number | 'all'
  per_page?: number
  order_by?: string
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
  /** The sort column when none is asked for; it is then read newest first. */
  defaultOrder: string
  query: ListRequest
  toItem: (row: Row, mode: 'page' | 'all') => Item
  csv: { file: string; columns: readonly string[]; toRecord: (row: Row) => Record<string, unknown> }
}

export function answerList<Row, Item>(c: Context, spec: ListSpec<Row, Item>): Response {
  const { db, table, alias, where, query } = spec
  const orderBy = query.order_by ?? spec.defaultOrder
  const direction = query.direction ?? (query.order_by ? 'asc' : 'desc')
  // Ties broken by rowid (insertion order): every index carries it, so paging never reads the table.
  const order = [...(spec.priority ?? []), `${alias}.${orderBy} ${direction.toUpperCase()}`, `${alias}.rowid ASC`].join(', ')
  const all = () =>
    db
      .prepare(`SELECT ${alias}.* FROM ${table} ${alias} ${where.sql} ORDER BY ${order} LIMIT ${EXPORT_LIMIT}`)
      .all(...where.params) as Row[]

  if (query.export === 'csv') {
    return c.body(toCsv(spec.csv.columns as string[], all().map(spec.csv.toRecord)), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${spec.csv.file}"`,
    })
  }
  if (query.page === 'all') {
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} ${alias} ${where.sql}`).get(...where.params) as { n: number }).n
    const rows = all()
    return ok(
      c,
      rows.map((r) => spec.toItem(r, 'all')),
      onePage(rows.length, { totalCount: total }),
    )
  }
  const page = query.page ?? 1
  const perPage = query.per_page ?? DEFAULT_PER_PAGE
  // Deferred join: the page's rowids come from the index alone, then only those rows are read.
  const { rows, info } = pagedRows<Row>(db, {
    select: `${alias}.*`,
    from: `${table} ${alias}`,
    where,
    order,
    paging: { page, perPage, offset: (page - 1) * perPage },
    deferredJoin: { alias },
  })
  return ok(
    c,
    rows.map((r) => spec.toItem(r, 'page')),
    info,
  )
}
