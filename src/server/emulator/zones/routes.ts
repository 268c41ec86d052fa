import type { Context, Hono } from 'hono'
import {
  ZONE_ORDER_FIELDS,
  ZONE_STATUSES,
  ZONE_TYPES,
  ZONES_DEFAULT_PER_PAGE,
  ZONES_MAX_PER_PAGE,
  ZONES_MIN_PER_PAGE,
} from '../../../shared/lists/zones'
import { zoneNameMatcher } from '../../../shared/zones/name-match'
import { badRequest, ok, queryList, readDirection, readPaging } from '../http'
import { pagedRows, Where } from '../list-engine'
import { requireZone } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import { toApiZone, ZONE_SELECT, type ZoneRow } from './zone-object'

interface Cond {
  sql: string
  params: unknown[]
}

/** `name=contains:.org` and friends on `column`: the shared matcher (src/shared/zones/name-match.ts), run by SQLite. */
const nameCondition = (column: string, raw: string): Cond => ({ sql: `${NAME_MATCH}(?, ${column})`, params: [raw] })

const NAME_MATCH = 'zk_zone_name_matches'
const matchers = new Map<string, (value: string) => boolean>()
/** The SQL function the name filters call; the tests of one query string are made once and kept (a few hundred at most). */
function registerNameMatch(db: Db): void {
  db.function(NAME_MATCH, { deterministic: true }, (raw, value) => {
    const filter = String(raw)
    let test = matchers.get(filter)
    if (!test) {
      if (matchers.size > 500) matchers.clear()
      test = zoneNameMatcher(filter)
      matchers.set(filter, test)
    }
    return test(String(value ?? '')) ? 1 : 0
  })
}

function conditions(c: Context): Cond[] {
  const conds: Cond[] = []
  const name = c.req.query('name')
  if (name) {
    if (name.length > 253) throw badRequest(1001, 'The name filter can be at most 253 characters.', '/name')
    conds.push(nameCondition('z.name', name))
  }
  const status = c.req.query('status')
  if (status) {
    if (!(ZONE_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(1001, `status must be one of ${ZONE_STATUSES.join(', ')}.`, '/status')
    }
    conds.push({ sql: 'z.status = ?', params: [status] })
  }
  const accountId = c.req.query('account.id')
  if (accountId) conds.push({ sql: 'z.account_id = ?', params: [accountId] })
  const accountName = c.req.query('account.name')
  if (accountName) conds.push(nameCondition('a.name', accountName))
  return conds
}

const ORDER_COLUMNS: Record<(typeof ZONE_ORDER_FIELDS)[number], string> = {
  name: 'z.name',
  status: 'z.status',
  'account.id': 'z.account_id',
  'account.name': 'a.name',
  'plan.id': "json_extract(z.plan, '$.id')",
}

export function registerZoneRoutes(app: Hono, { db }: EmulatorContext): void {
  registerNameMatch(db)
  app.get('/zones', (c) => {
    const conds = conditions(c)
    const match = (c.req.query('match') ?? 'all').toLowerCase()
    if (match !== 'all' && match !== 'any') throw badRequest(1001, 'match must be all or any.', '/match')
    const where: Cond[] = []
    if (conds.length) {
      where.push({
        sql: `(${conds.map((x) => x.sql).join(match === 'any' ? ' OR ' : ' AND ')})`,
        params: conds.flatMap((x) => x.params),
      })
    }
    // Zone types: when none is asked for, internal zones are left out (as the service does).
    const types = queryList(c, 'type')
    const badType = types.find((t) => !(ZONE_TYPES as readonly string[]).includes(t))
    if (badType) throw badRequest(1001, `type must be one of ${ZONE_TYPES.join(', ')}.`, '/type')
    if (types.length) where.push({ sql: `z.type IN (${types.map(() => '?').join(', ')})`, params: types })
    else where.push({ sql: "z.type != 'internal'", params: [] })

    const order = c.req.query('order') || 'name'
    if (!(order in ORDER_COLUMNS)) throw badRequest(1001, `order must be one of ${ZONE_ORDER_FIELDS.join(', ')}.`, '/order')
    const dir = readDirection(c) === 'desc' ? 'DESC' : 'ASC'
    const paging = readPaging(c, {
      defaultPerPage: ZONES_DEFAULT_PER_PAGE,
      minPerPage: ZONES_MIN_PER_PAGE,
      maxPerPage: ZONES_MAX_PER_PAGE,
    })

    const clause = new Where()
    for (const w of where) clause.add(w.sql, ...w.params)
    const { rows, info } = pagedRows<ZoneRow>(db, {
      select: 'z.*, a.name AS account_name',
      from: 'zones z JOIN accounts a ON a.id = z.account_id',
      where: clause,
      order: `${ORDER_COLUMNS[order as keyof typeof ORDER_COLUMNS]} ${dir}, z.name ${dir}`,
      paging,
    })
    return ok(c, rows.map(toApiZone), info)
  })

  app.get('/zones/:zone_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = db.prepare(`${ZONE_SELECT} WHERE z.id = ?`).get(zone.id) as ZoneRow
    return ok(c, toApiZone(row))
  })
}
