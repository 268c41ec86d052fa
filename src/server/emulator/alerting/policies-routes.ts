import type { Hono } from 'hono'
import { LB_HEALTH_ALERT, notificationPolicyInputSchema, type NotificationPolicyInput } from '../../../shared/schemas/alerting'
import { ApiError, notFound, ok, readJson, validate } from '../http'
import { newId } from '../ids'
import { requireAccount } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { toPolicy, type PolicyRow } from './store'
import { onePage } from '../../../shared/lists/result-info'

/** Sandbox error codes (the real ones are not published): 17001 invalid policy, 17002 unknown pool, 17404 unknown policy. */
export const POLICY_CODES = { invalid: 17001, unknownPool: 17002, notFound: 17404 } as const

/** The pool check and the lookup of one policy, for the handlers of both kinds. */
function policyLookups(db: Db) {
  // Service rule: every pool the policy watches exists in this account.
  const checkPools = (accountId: string, poolIds: string[]) => {
    const exists = db.prepare('SELECT 1 FROM lb_pools WHERE account_id = ? AND id = ?')
    const errors = poolIds.flatMap((id, i) =>
      exists.get(accountId, id)
        ? []
        : [{ code: POLICY_CODES.unknownPool, message: `Pool ${id} does not exist in this account.`, source: { pointer: `/filters/pool_id/${i}` } }],
    )
    if (errors.length > 0) throw new ApiError(400, errors)
  }

  const find = (accountId: string, id: string) => {
    const row = db.prepare('SELECT * FROM alerting_policies WHERE account_id = ? AND id = ?').get(accountId, id) as PolicyRow | undefined
    if (!row) throw notFound(POLICY_CODES.notFound, `Notification policy ${id} was not found in this account.`)
    return row
  }

  return { checkPools, find }
}

/** Notification policies (`/accounts/:account_id/alerting/v3/policies`), the table's endpoints: list, create, get, delete. */
export function policyHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  const base = '/accounts/:account_id/alerting/v3/policies'

  const { checkPools, find } = policyLookups(db)

  // A single page holding every policy, oldest first (the SDK reads policies as a SinglePage).
  table.get(base, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const rows = db.prepare('SELECT * FROM alerting_policies WHERE account_id = ? ORDER BY created, id').all(account.id) as PolicyRow[]
    return ok(c, rows.map(toPolicy), onePage(rows.length, { perPage: Math.max(rows.length, 1) }))
  })

  table.post(base, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const input = validate(notificationPolicyInputSchema, await readJson(c), POLICY_CODES.invalid)
    checkPools(account.id, input.filters?.pool_id ?? [])
    const id = newId() // 32 hexadecimal characters, as the service's policy ids
    const stamp = now().toISOString()
    db.prepare(`INSERT INTO alerting_policies (id, account_id, name, description, alert_type, enabled, alert_interval,
      filters, mechanisms, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(id, account.id, ...policyColumns(input), stamp, stamp)
    return ok(c, { id })
  })

  table.get(`${base}/:policy_id`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    return ok(c, toPolicy(find(account.id, c.req.param('policy_id'))))
  })

  table.delete(`${base}/:policy_id`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = find(account.id, c.req.param('policy_id'))
    db.prepare('DELETE FROM alerting_policies WHERE id = ?').run(row.id)
    return ok(c, { id: row.id })
  })
}

/** Only API clients (/client/v4) update a policy; the dashboard's endpoints are policyHandlers. */
export function registerPolicyUpdate(app: Hono, { db, now }: EmulatorContext): void {
  const base = '/accounts/:account_id/alerting/v3/policies'
  const { checkPools, find } = policyLookups(db)

  // Update: every field is optional in the published schema (the SDK may send none); the fields sent
  // replace the policy's, the others stay, and the result must be a valid policy. Answers {id} like create.
  app.put(`${base}/:policy_id`, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = find(account.id, c.req.param('policy_id'))
    const body = await readJson(c)
    const { id: _id, created: _created, modified: _modified, ...current } = toPolicy(row)
    const merged = body && typeof body === 'object' && !Array.isArray(body) ? { ...current, ...body } : body
    const input = validate(notificationPolicyInputSchema, merged, POLICY_CODES.invalid)
    checkPools(account.id, input.filters?.pool_id ?? [])
    db.prepare(`UPDATE alerting_policies SET name = ?, description = ?, alert_type = ?, enabled = ?, alert_interval = ?,
      filters = ?, mechanisms = ?, modified = ? WHERE id = ?`).run(...policyColumns(input), now().toISOString(), row.id)
    return ok(c, { id: row.id })
  })
}

/** The columns create and update both write, in the order of their statements (name … mechanisms). */
function policyColumns(input: NotificationPolicyInput) {
  const filters = input.alert_type === LB_HEALTH_ALERT ? pickLbFilters(input.filters ?? {}) : (input.filters ?? {})
  return [
    input.name,
    input.description ?? null,
    input.alert_type,
    input.enabled ? 1 : 0,
    input.alert_interval ?? null,
    JSON.stringify(filters),
    JSON.stringify(input.mechanisms),
  ] as const
}

/** A health alert keeps only the filters it understands. */
function pickLbFilters(f: Record<string, string[]>): Record<string, string[]> {
  return { pool_id: f.pool_id ?? [], new_health: f.new_health ?? [], event_source: f.event_source ?? [] }
}
