import type { Db } from '../module'
import type { FirewallRule } from '../../../shared/schemas/firewall'

interface RuleRow {
  id: string
  action: string
  paused: number
  description: string | null
  priority: number | null
  products: string | null
  ref: string | null
  filter_id: string
  created_on: string
  modified_on: string
  f_id: string | null
  f_expression: string | null
  f_paused: number | null
  f_description: string | null
  f_ref: string | null
}

export const RULE_COLUMNS = `r.*, f.id AS f_id, f.expression AS f_expression, f.paused AS f_paused,
  f.description AS f_description, f.ref AS f_ref`
export const RULE_FROM = 'firewall_rules r LEFT JOIN firewall_filters f ON f.id = r.filter_id'
export const RULE_SELECT = `SELECT ${RULE_COLUMNS} FROM ${RULE_FROM}`

/** Lower priorities run first; rules without one run last. */
export const RULE_ORDER_BY = 'r.priority IS NULL, r.priority, r.created_on, r.id'

export function toRule(row: RuleRow): FirewallRule {
  return {
    id: row.id,
    action: row.action,
    paused: row.paused === 1,
    description: row.description ?? '',
    priority: row.priority,
    ...(row.products ? { products: JSON.parse(row.products) as string[] } : {}),
    ...(row.ref ? { ref: row.ref } : {}),
    filter:
      row.f_id === null
        ? { id: row.filter_id, deleted: true as const }
        : {
            id: row.f_id,
            expression: row.f_expression ?? '',
            paused: row.f_paused === 1,
            ...(row.f_description ? { description: row.f_description } : {}),
            ...(row.f_ref ? { ref: row.f_ref } : {}),
          },
    created_on: row.created_on,
    modified_on: row.modified_on,
  }
}

export function getRuleRow(db: Db, zoneId: string, ruleId: string): RuleRow | undefined {
  return db.prepare(`${RULE_SELECT} WHERE r.zone_id = ? AND r.id = ?`).get(zoneId, ruleId) as RuleRow | undefined
}

/** Deletes rules; with `deleteFilterIfUnused`, also their filters that no remaining rule uses. */
export function deleteRules(db: Db, zoneId: string, ids: string[], deleteFilterIfUnused: boolean): void {
  const filterOf = db.prepare('SELECT filter_id FROM firewall_rules WHERE zone_id = ? AND id = ?')
  const del = db.prepare('DELETE FROM firewall_rules WHERE zone_id = ? AND id = ?')
  const stillUsed = db.prepare('SELECT 1 FROM firewall_rules WHERE filter_id = ? LIMIT 1')
  const delFilter = db.prepare('DELETE FROM firewall_filters WHERE zone_id = ? AND id = ?')
  db.transaction(() => {
    const filters = new Set<string>()
    for (const id of ids) {
      const row = filterOf.get(zoneId, id) as { filter_id: string } | undefined
      if (row) filters.add(row.filter_id)
      del.run(zoneId, id)
    }
    if (!deleteFilterIfUnused) return
    for (const f of filters) if (!stillUsed.get(f)) delFilter.run(zoneId, f)
  })()
}
