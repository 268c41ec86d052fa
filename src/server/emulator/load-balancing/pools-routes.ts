import type { Context } from 'hono'
import { poolsClearEmailBodySchema, poolsPageQuerySchema, type PoolsWindow } from '../../../shared/schemas/load-balancing'
import { poolsQuery } from '../../../shared/lists/pools'
import { onePage, resultInfo } from '../../../shared/lists/result-info'
import { notFound, ok, readJson, validate } from '../http'
import { requireAccount } from '../lookup'
import { readQuery } from '../list-engine'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { POOL_ORDER, poolWindow, toPool, type PoolRow } from './store'

/** Sandbox error codes (the real ones are not published): 1004 bad body or paging, 1002 unknown pool. */
export const POOL_CODES = { invalid: 1004, poolNotFound: 1002 } as const

/** page/per_page or limit/offset → the window over pools ordered by name (shared rules, see the schema). */
export function readPoolsWindow(c: Context): PoolsWindow {
  return validate(
    poolsPageQuerySchema,
    { page: c.req.query('page'), per_page: c.req.query('per_page'), limit: c.req.query('limit'), offset: c.req.query('offset') },
    POOL_CODES.invalid,
  )
}

const windowInfo = (w: PoolsWindow, count: number, total: number) => resultInfo({ page: w.page, perPage: w.limit }, count, total)

const countPools = (db: Db, accountId: string, where = '', params: unknown[] = []) =>
  (db.prepare(`SELECT COUNT(*) AS n FROM lb_pools WHERE account_id = ? ${where}`).get(accountId, ...params) as { n: number }).n

export function poolHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  const base = '/accounts/:account_id/load_balancers/pools'

  /**
   * Every pool of the account in one answer, in name order (api-notes §13.12): the published schema
   * gives this list no paging parameters and the SDK reads it as one page. The list's query
   * (src/shared/lists/pools.ts) declares only `monitor`, so paging parameters a client sends anyway
   * are ignored, as the service ignores them; the dashboard cuts its page out of the answer.
   */
  table.get(base, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const { monitor } = readQuery(c, poolsQuery)
    const where = monitor ? 'AND monitor = ?' : ''
    const params = monitor ? [monitor] : []
    const rows = db
      .prepare(`SELECT * FROM lb_pools WHERE account_id = ? ${where} ${POOL_ORDER}`)
      .all(account.id, ...params) as PoolRow[]
    return ok(c, rows.map(toPool), onePage(rows.length))
  })

  table.get(`${base}/:pool_id`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = db.prepare('SELECT * FROM lb_pools WHERE account_id = ? AND id = ?').get(account.id, c.req.param('pool_id')) as
      PoolRow | undefined
    if (!row) throw notFound(POOL_CODES.poolNotFound, `Pool ${c.req.param('pool_id')} was not found in this account.`)
    return ok(c, toPool(row))
  })

  /**
   * Bulk edit that can only clear the deprecated `notification_email`, on ONE window of pools in
   * ascending name order: the first 25 unless page/per_page or limit/offset say otherwise. Every pool
   * of that window ends with "" (modified_on moves only for pools that had an address); pools outside
   * it are untouched. Answers the pools of the window as they now are; past the end, `[]`.
   */
  table.patch(base, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const w = readPoolsWindow(c)
    validate(poolsClearEmailBodySchema, await readJson(c), POOL_CODES.invalid)
    const stamp = now().toISOString()
    const update = db.prepare(
      "UPDATE lb_pools SET notification_email = '', modified_on = ? WHERE id = ? AND notification_email <> ''",
    )
    const rows = db.transaction(() => {
      const page = poolWindow(db, account.id, '', [], w.limit, w.offset)
      for (const row of page) update.run(stamp, row.id)
      return poolWindow(db, account.id, '', [], w.limit, w.offset)
    })()
    return ok(c, rows.map(toPool), windowInfo(w, rows.length, countPools(db, account.id)))
  })
}
