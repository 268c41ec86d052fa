import {
  firewallBulkDeleteQuerySchema,
  firewallRuleDeleteBodySchema,
  FIREWALL_BULK_DELETE_MAX_IDS,
} from '../../../shared/schemas/firewall'
import { firewallRulesQuery } from '../../../shared/lists/firewall'
import { ApiError, notFound, ok, queryList, readJson, validate } from '../http'
import { pagedRows, pagingOf, readQuery, Where } from '../list-engine'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { deleteRules, getRuleRow, RULE_COLUMNS, RULE_FROM, RULE_ORDER_BY, toRule } from './store'

/**
 * Error codes (the real ones are not published, api-notes §11; these are the sandbox's choices):
 * 10007 unknown rule (404), 10016 bad rule ids in a bulk delete (400), 10017 too many ids (400).
 */
export const FIREWALL_CODES = { notFound: 10007, badIds: 10016, tooMany: 10017 } as const

const MAX_NAMED = 10

export function firewallHandlers(table: TableRouter, { db }: EmulatorContext): void {
  const base = '/zones/:zone_id/firewall/rules'

  table.get(base, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readQuery(c, firewallRulesQuery)
    const paging = pagingOf(q, 25)
    const where = new Where().add('r.zone_id = ?', zone.id)
    if (q.description) where.add('instr(lower(r.description), lower(?)) > 0', q.description)
    if (q.action) where.add('r.action = ?', q.action)
    if (q.id) where.add('r.id = ?', q.id)
    if (q.paused !== undefined) where.add('r.paused = ?', q.paused ? 1 : 0)
    const { rows, info } = pagedRows<Parameters<typeof toRule>[0]>(db, {
      select: RULE_COLUMNS,
      from: RULE_FROM,
      where,
      order: RULE_ORDER_BY,
      paging,
    })
    return ok(c, rows.map(toRule), info)
  })

  table.get(`${base}/:rule_id`, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = getRuleRow(db, zone.id, c.req.param('rule_id'))
    if (!row) throw ruleNotFound([c.req.param('rule_id')])
    return ok(c, toRule(row))
  })

  table.delete(`${base}/:rule_id`, async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = validate(firewallRuleDeleteBodySchema, await readJson(c))
    const id = c.req.param('rule_id')
    if (!getRuleRow(db, zone.id, id)) throw ruleNotFound([id])
    deleteRules(db, zone.id, [id], body.delete_filter_if_unused ?? false)
    return ok(c, [{ id }])
  })

  /**
   * Bulk delete by `?id=A&id=B` (a comma list in one `id` works too). All or nothing: if any id is
   * unknown in this zone the answer is a 404 naming the unknown ids and no rule is deleted, so a
   * client never has to guess which half of its request went through. At most
   * FIREWALL_BULK_DELETE_MAX_IDS ids per request; repeated ids count once.
   */
  table.delete(base, (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const raw = queryList(c, 'id')
    const unique = [...new Set(raw.map((v) => v.toLowerCase()))]
    if (unique.length > FIREWALL_BULK_DELETE_MAX_IDS) {
      throw ApiError.of(
        400,
        FIREWALL_CODES.tooMany,
        `${unique.length} rule ids given; at most ${FIREWALL_BULK_DELETE_MAX_IDS} can be deleted in one request. Split them over several requests.`,
        '/id',
      )
    }
    const { id: ids } = validate(firewallBulkDeleteQuerySchema, { id: unique }, FIREWALL_CODES.badIds)
    const exists = db.prepare('SELECT 1 FROM firewall_rules WHERE zone_id = ? AND id = ?')
    const unknown = ids.filter((id) => !exists.get(zone.id, id))
    if (unknown.length > 0) throw ruleNotFound(unknown, ids.length)
    deleteRules(db, zone.id, ids, false)
    return ok(c, ids.map((id) => ({ id })))
  })
}

function ruleNotFound(ids: string[], requested = 1): ApiError {
  const named = ids.slice(0, MAX_NAMED).join(', ') + (ids.length > MAX_NAMED ? ` and ${ids.length - MAX_NAMED} more` : '')
  const what = ids.length === 1 ? `Firewall rule ${named} was not found in this zone.` : `Firewall rules ${named} were not found in this zone.`
  const tail = requested > 1 ? ' Nothing was deleted: remove the unknown ids and send the request again.' : ''
  return notFound(FIREWALL_CODES.notFound, what + tail)
}
