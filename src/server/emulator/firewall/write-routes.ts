import type { Hono } from 'hono'
import type { ZodType } from 'zod'
import {
  firewallRuleEditSchema,
  firewallRuleInputSchema,
  firewallRulesEditSchema,
  firewallRulesInputSchema,
  type FirewallRuleInput,
} from '../../../shared/schemas/firewall-write'
import { badRequest, notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import { requireZone, type ZoneRef } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import { FIREWALL_CODES } from './routes'
import { getRuleRow, toRule } from './store'

type Edit = Partial<FirewallRuleInput> & { id: string }

/** The rule's filter id: an existing filter of the zone, or a new one made from the expression. */
function filterIdFor(db: Db, zone: ZoneRef, filter: FirewallRuleInput['filter'], pointer: string): string {
  if ('id' in filter) {
    if (!db.prepare('SELECT 1 FROM firewall_filters WHERE zone_id = ? AND id = ?').get(zone.id, filter.id)) {
      throw badRequest(FIREWALL_CODES.badIds, `Filter ${filter.id} does not exist in this zone.`, `${pointer}/filter/id`)
    }
    return filter.id
  }
  const id = newId()
  db.prepare('INSERT INTO firewall_filters (id, zone_id, expression, paused, description, ref) VALUES (?, ?, ?, ?, ?, ?)').run(
    id,
    zone.id,
    filter.expression,
    filter.paused ? 1 : 0,
    filter.description ?? null,
    filter.ref ?? null,
  )
  return id
}

function insertRule(db: Db, zone: ZoneRef, r: FirewallRuleInput, pointer: string, stamp: string): string {
  const id = newId()
  db.prepare(
    `INSERT INTO firewall_rules (id, zone_id, action, paused, description, priority, products, ref, filter_id, created_on, modified_on)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    zone.id,
    r.action,
    r.paused ? 1 : 0,
    r.description ?? null,
    r.priority ?? null,
    r.products?.length ? JSON.stringify(r.products) : null,
    r.ref ?? null,
    filterIdFor(db, zone, r.filter, pointer),
    stamp,
    stamp,
  )
  return id
}

/** Applies the fields sent to one rule (unsent fields stay), after checking the rule exists. */
function editRule(db: Db, zone: ZoneRef, e: Edit, pointer: string, stamp: string): void {
  const row = getRuleRow(db, zone.id, e.id)
  if (!row) throw notFound(FIREWALL_CODES.notFound, `Firewall rule ${e.id} was not found in this zone.`)
  const set: Record<string, unknown> = { modified_on: stamp }
  if (e.action !== undefined) set.action = e.action
  if (e.paused !== undefined) set.paused = e.paused ? 1 : 0
  if (e.description !== undefined) set.description = e.description
  if (e.priority !== undefined) set.priority = e.priority
  if (e.products !== undefined) set.products = e.products.length ? JSON.stringify(e.products) : null
  if (e.ref !== undefined) set.ref = e.ref
  if (e.filter !== undefined) set.filter_id = filterIdFor(db, zone, e.filter, pointer)
  const cols = Object.keys(set)
  db.prepare(`UPDATE firewall_rules SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE zone_id = @zone AND id = @id`).run({
    ...set,
    zone: zone.id,
    id: e.id,
  })
}

/** Create (a list), update one or many (PUT: every field), edit one or many (PATCH: the fields sent). */
export function registerFirewallWriteRoutes(app: Hono, { db, now }: EmulatorContext): void {
  const base = '/zones/:zone_id/firewall/rules'
  const answer = (zone: ZoneRef, ids: string[]) => ids.map((id) => toRule(getRuleRow(db, zone.id, id)!))

  app.post(base, async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const rules = validate(firewallRulesInputSchema, await readJson(c))
    const stamp = now().toISOString()
    const ids = db.transaction(() => rules.map((r, i) => insertRule(db, zone, r, `/${i}`, stamp)))()
    return ok(c, answer(zone, ids))
  })

  for (const [method, many, one] of [
    ['put', firewallRulesInputSchema, firewallRuleInputSchema],
    ['patch', firewallRulesEditSchema, firewallRuleEditSchema],
  ] as const) {
    app[method](base, async (c) => {
      const zone = requireZone(db, c.req.param('zone_id'))
      const rules = validate<Edit[]>(many as ZodType<Edit[]>, await readJson(c))
      const missing = rules.findIndex((r) => !r.id)
      if (missing >= 0) throw badRequest(FIREWALL_CODES.badIds, 'Each rule to update needs its id.', `/${missing}/id`)
      const stamp = now().toISOString()
      db.transaction(() => rules.forEach((r, i) => editRule(db, zone, r, `/${i}`, stamp)))()
      return ok(
        c,
        answer(
          zone,
          rules.map((r) => r.id),
        ),
      )
    })
    app[method](`${base}/:rule_id`, async (c) => {
      const zone = requireZone(db, c.req.param('zone_id'))
      const id = c.req.param('rule_id')
      const body = (await readJson(c)) as Record<string, unknown>
      const rule = validate<Edit>(one as ZodType<Edit>, { ...body, id })
      db.transaction(() => editRule(db, zone, { ...rule, id }, '', now().toISOString()))()
      const [saved] = answer(zone, [id])
      // PUT answers the rule; PATCH on one rule answers a list holding it (as the SDK reads them).
      return ok(c, method === 'put' ? saved : [saved])
    })
  }
}
