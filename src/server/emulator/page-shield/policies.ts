import { policyCreateSchema, policyUpdateSchema, type PageShieldPolicy } from '../../../shared/schemas/page-shield-policy'
import { newId } from '../ids'
import { notFound, ok, readJson, validate } from '../http'
import { requireZone } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { onePage } from '../../../shared/lists/result-info'

interface PolicyRow {
  id: string
  description: string
  action: string
  expression: string
  enabled: number
  value: string
}

const policyItem = (r: PolicyRow): PageShieldPolicy => ({
  id: r.id,
  description: r.description,
  action: r.action,
  expression: r.expression,
  enabled: r.enabled === 1,
  value: r.value,
})

function requirePolicy(db: Db, zoneId: string, policyId: string): PolicyRow {
  const row = db.prepare('SELECT * FROM page_shield_policies WHERE zone_id = ? AND id = ?').get(zoneId, policyId) as
    PolicyRow | undefined
  if (!row) throw notFound(1002, `Policy ${policyId} was not found in this zone.`)
  return row
}

export function policyHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  table.get('/zones/:zone_id/page_shield/policies', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const rows = db
      .prepare('SELECT * FROM page_shield_policies WHERE zone_id = ? ORDER BY created_at, id')
      .all(zone.id) as PolicyRow[]
    return ok(c, rows.map(policyItem), onePage(rows.length))
  })

  table.get('/zones/:zone_id/page_shield/policies/:policy_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, policyItem(requirePolicy(db, zone.id, c.req.param('policy_id'))))
  })

  table.post('/zones/:zone_id/page_shield/policies', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const input = validate(policyCreateSchema, await readJson(c))
    const row: PolicyRow = { id: newId(), ...input, enabled: +input.enabled }
    db.prepare(
      `INSERT INTO page_shield_policies (id, zone_id, description, action, expression, enabled, value, created_at)
       VALUES (@id, @zone_id, @description, @action, @expression, @enabled, @value, @created_at)`,
    ).run({ ...row, zone_id: zone.id, created_at: now().toISOString() })
    return ok(c, policyItem(row))
  })

  table.put('/zones/:zone_id/page_shield/policies/:policy_id', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const current = requirePolicy(db, zone.id, c.req.param('policy_id'))
    const input = validate(policyUpdateSchema, await readJson(c))
    const next: PolicyRow = {
      ...current,
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
      enabled: input.enabled === undefined ? current.enabled : +input.enabled,
    }
    db.prepare(
      'UPDATE page_shield_policies SET description = ?, action = ?, expression = ?, enabled = ?, value = ? WHERE id = ?',
    ).run(next.description, next.action, next.expression, next.enabled, next.value, next.id)
    return ok(c, policyItem(next))
  })

  table.delete('/zones/:zone_id/page_shield/policies/:policy_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = requirePolicy(db, zone.id, c.req.param('policy_id'))
    db.prepare('DELETE FROM page_shield_policies WHERE id = ?').run(row.id)
    return c.body(null, 204)
  })
}
