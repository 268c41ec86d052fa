import type { Context, Hono } from 'hono'
import {
  parseNameOperator,
  ZONE_ORDER_FIELDS,
  ZONE_STATUSES,
  ZONE_TYPES,
  ZONES_DEFAULT_PER_PAGE,
  ZONES_MAX_PER_PAGE,
  ZONES_MIN_PER_PAGE,
} from '../../../shared/schemas/zone'
import { badRequest, ok, queryList, readDirection, readPaging } from '../http'
import { pagedRows, Where } from '../list-engine'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import { toApiZone, ZONE_SELECT, type ZoneRow } from './zone-object'

interface Cond {
  sql: string
  params: unknown[]
}

const like = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** `name=contains:.org` and friends (api-notes §2.1) as SQL on `column`. */
function nameCondition(column: string, raw: string): Cond {
  const { op, value } = parseNameOperator(raw)
  switch (op) {
    case 'equal':
      return { sql: `${column} = ? COLLATE NOCASE`, params: [value] }
    case 'not_equal':
      return { sql: `${column} != ? COLLATE NOCASE`, params: [value] }
    case 'starts_with':
      return { sql: `${column} LIKE ? ESCAPE '\\'`, params: [`${like(value)}%`] }
    case 'ends_with':
      return { sql: `${column} LIKE ? ESCAPE '\\'`, params: [`%${like(value)}`] }
    case 'contains':
      return { sql: `${column} LIKE ? ESCAPE '\\'`, params: [`%${like(value)}%`] }
    case 'starts_with_case_sensitive':
      return { sql: `substr(${column}, 1, ?) = ?`, params: [value.length, value] }
    case 'ends_with_case_sensitive':
      return { sql: `substr(${column}, -?) = ?`, params: [value.length, value] }
    case 'contains_case_sensitive':
      return { sql: `instr(${column}, ?) > 0`, params: [value] }
  }
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
