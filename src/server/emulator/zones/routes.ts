import { listOf } from '../../../shared/lists/query'
import { ZONE_ORDER_FIELDS, ZONES_DEFAULT_PER_PAGE, zonesQuery, type ZonesQuery } from '../../../shared/lists/zones'
import { zoneNameMatcher } from '../../../shared/zones/name-match'
import { ok } from '../http'
import { pagedRows, pagingOf, readQuery, Where } from '../list-engine'
import { requireZone } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { reachOfRequest } from '../estate/reach'
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

/** The filters of a query (read and checked by the list's one declaration, `zonesQuery`), combined later with `match`. */
function conditions(q: ZonesQuery): Cond[] {
  const conds: Cond[] = []
  if (q.name) conds.push(nameCondition('z.name', q.name))
  if (q.status) conds.push({ sql: 'z.status = ?', params: [q.status] })
  if (q['account.id']) conds.push({ sql: 'z.account_id = ?', params: [q['account.id']] })
  if (q['account.name']) conds.push(nameCondition('a.name', q['account.name']))
  return conds
}

const ORDER_COLUMNS: Record<(typeof ZONE_ORDER_FIELDS)[number], string> = {
  name: 'z.name',
  status: 'z.status',
  'account.id': 'z.account_id',
  'account.name': 'a.name',
  'plan.id': "json_extract(z.plan, '$.id')",
}

/** The zone list and one zone: the sandbox's handlers of the table's zone reads. */
export function zoneHandlers(table: TableRouter, { db }: EmulatorContext): void {
  registerNameMatch(db)
  table.get('/zones', (c) => {
    const q = readQuery(c, zonesQuery)
    const conds = conditions(q)
    const match = q.match ?? 'all'
    const where: Cond[] = []
    if (conds.length) {
      where.push({
        sql: `(${conds.map((x) => x.sql).join(match === 'any' ? ' OR ' : ' AND ')})`,
        params: conds.flatMap((x) => x.params),
      })
    }
    // Zone types: when none is asked for, internal zones are left out (as the service does).
    const types = listOf(q.type)
    if (types.length) where.push({ sql: `z.type IN (${types.map(() => '?').join(', ')})`, params: types })
    else where.push({ sql: "z.type != 'internal'", params: [] })
    // Only the zones of the accounts the credential reaches (account.id filters inside them).
    where.push(reachOfRequest(c).accountSql('z.account_id'))

    const order = q.order ?? 'name'
    const dir = q.direction === 'desc' ? 'DESC' : 'ASC'
    const paging = pagingOf(q, ZONES_DEFAULT_PER_PAGE)

    const clause = new Where()
    for (const w of where) clause.add(w.sql, ...w.params)
    const { rows, info } = pagedRows<ZoneRow>(db, {
      select: 'z.*, a.name AS account_name',
      from: 'zones z JOIN accounts a ON a.id = z.account_id',
      where: clause,
      order: `${ORDER_COLUMNS[order]} ${dir}, z.name ${dir}`,
      paging,
    })
    return ok(c, rows.map(toApiZone), info)
  })

  table.get('/zones/:zone_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = db.prepare(`${ZONE_SELECT} WHERE z.id = ?`).get(zone.id) as ZoneRow
    return ok(c, toApiZone(row))
  })
}
