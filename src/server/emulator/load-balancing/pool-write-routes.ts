import type { Hono } from 'hono'
import { poolEditSchema, poolInputSchema, type PoolEdit } from '../../../shared/schemas/load-balancing-pool-write'
import { badRequest, notFound, ok, readJson, validate } from '../http'
import { newId, stableId } from '../ids'
import { requireAccount } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import { POOL_CODES } from './pools-routes'
import { toPool, type PoolRow } from './store'

const REGIONS = ['Amsterdam, NL', 'Ashburn, VA, US', 'Singapore, SG']

function findPool(db: Db, accountId: string, id: string): PoolRow {
  const row = db.prepare('SELECT * FROM lb_pools WHERE account_id = ? AND id = ?').get(accountId, id) as PoolRow | undefined
  if (!row) throw notFound(POOL_CODES.poolNotFound, `Pool ${id} was not found in this account.`)
  return row
}

/** Writes the fields of `input` onto the pool (all of them for create / replace, the sent ones for edit). */
function writePool(db: Db, id: string, input: PoolEdit, stamp: string): void {
  const set: Record<string, unknown> = { modified_on: stamp }
  if (input.name !== undefined) set.name = input.name
  if (input.description !== undefined) set.description = input.description
  if (input.enabled !== undefined) set.enabled = input.enabled ? 1 : 0
  if (input.minimum_origins !== undefined) set.minimum_origins = input.minimum_origins
  if (input.monitor !== undefined) set.monitor = input.monitor
  if (input.origins !== undefined) set.origins = JSON.stringify(input.origins.map((o) => ({ enabled: true, weight: 1, ...o })))
  if (input.notification_email !== undefined) set.notification_email = input.notification_email
  if (input.check_regions !== undefined) set.check_regions = input.check_regions ? JSON.stringify(input.check_regions) : null
  const cols = Object.keys(set)
  db.prepare(`UPDATE lb_pools SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...set, id })
}

/**
 * Pools one by one (the SDK's loadBalancers.pools): create, replace, edit, delete, and the read-only
 * health (per region, per origin), references (its monitor) and preview (a monitor run to look at).
 */
export function registerPoolWriteRoutes(app: Hono, { db, now }: EmulatorContext): void {
  const base = '/accounts/:account_id/load_balancers/pools'
  const read = (id: string) => toPool(db.prepare('SELECT * FROM lb_pools WHERE id = ?').get(id) as PoolRow)

  app.post(base, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const input = validate(poolInputSchema, await readJson(c), POOL_CODES.invalid)
    if (db.prepare('SELECT 1 FROM lb_pools WHERE account_id = ? AND name = ?').get(account.id, input.name)) {
      throw badRequest(POOL_CODES.invalid, `A pool named ${input.name} already exists in this account.`, '/name')
    }
    const id = newId()
    const stamp = now().toISOString()
    db.prepare(`INSERT INTO lb_pools (id, account_id, name, origins, created_on, modified_on) VALUES (?, ?, ?, '[]', ?, ?)`).run(
      id,
      account.id,
      input.name,
      stamp,
      stamp,
    )
    writePool(db, id, input, stamp)
    return ok(c, read(id))
  })

  for (const [method, schema] of [
    ['put', poolInputSchema],
    ['patch', poolEditSchema],
  ] as const) {
    app[method](`${base}/:pool_id`, async (c) => {
      const account = requireAccount(db, c.req.param('account_id'))
      const row = findPool(db, account.id, c.req.param('pool_id'))
      const input: PoolEdit = validate<PoolEdit>(schema, await readJson(c), POOL_CODES.invalid)
      writePool(db, row.id, input, now().toISOString())
      return ok(c, read(row.id))
    })
  }

  app.delete(`${base}/:pool_id`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = findPool(db, account.id, c.req.param('pool_id'))
    db.prepare('DELETE FROM lb_pools WHERE id = ?').run(row.id)
    return ok(c, { id: row.id })
  })

  app.get(`${base}/:pool_id/health`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const pool = toPool(findPool(db, account.id, c.req.param('pool_id')))
    const pop_health = Object.fromEntries(
      REGIONS.map((region) => {
        const origins = (pool.origins ?? []).map((o) => {
          const healthy = pool.enabled !== false && o.enabled !== false
          const rtt = (parseInt(stableId(`${pool.id}:${region}:${o.address}`).slice(0, 4), 16) % 900) / 10 + 5
          return {
            [o.address]: {
              healthy,
              rtt: `${rtt.toFixed(1)}ms`,
              failure_reason: healthy ? 'No failures' : 'Origin disabled',
              response_code: healthy ? 200 : 0,
            },
          }
        })
        return [region, { healthy: origins.some((o) => Object.values(o)[0].healthy), origins }]
      }),
    )
    return ok(c, { pool_id: pool.id, pop_health })
  })

  app.get(`${base}/:pool_id/references`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = findPool(db, account.id, c.req.param('pool_id'))
    const refs = row.monitor
      ? [{ reference_type: 'referral', resource_id: row.monitor, resource_name: row.monitor, resource_type: 'monitor' }]
      : []
    return ok(c, refs)
  })

  app.post(`${base}/:pool_id/preview`, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = findPool(db, account.id, c.req.param('pool_id'))
    await readJson(c)
    return ok(c, { pool_id: row.id, preview_id: newId() })
  })
}
