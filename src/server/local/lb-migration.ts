import type { Hono } from 'hono'
import { apiErrorsFromIssues, hexIdSchema } from '../../shared/schemas/common'
import { migrationStateSchema, type SavedMigration } from '../../shared/schemas/load-balancing-migration'
import { actorOf } from '../auth'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../envelope'
import { writeRefusal } from '../guard'
import type { SavedLbMigration, Store } from '../store'

export const LB_MIGRATION_PATH = '/api/local/accounts/:account_id/lb-migration'

const stamp = (saved: SavedLbMigration) => ({ updated_at: new Date(saved.updatedAt).toISOString(), updated_by: saved.updatedBy })
const view = (saved: SavedLbMigration): SavedMigration => ({ state: saved.state, ...stamp(saved) })

/**
 * The load-balancing e-mail migration of an account, kept in the dashboard's store (administrators
 * only: see endpoint-roles.ts). GET answers the saved state or null, PUT replaces it (checked by the
 * shared schema) and answers only when and by whom (the audit log keeps answers; a state can be large),
 * DELETE forgets it. A saved state the schema no longer reads counts as none.
 */
export function registerLbMigrationRoutes(app: Hono, store: Store): void {
  const accountOf = (raw: string) => (hexIdSchema.safeParse(raw).success ? raw : undefined)
  const badAccount = () => jsonError(400, 1001, 'The account identifier must be 32 hexadecimal characters.')

  app.get(LB_MIGRATION_PATH, async (c) => {
    const accountId = accountOf(c.req.param('account_id'))
    if (!accountId) return badAccount()
    const saved = await store.lbMigrations.get(accountId)
    if (!saved || !migrationStateSchema.safeParse(saved.state).success) return jsonOk(null)
    return jsonOk(view(saved))
  })

  app.put(LB_MIGRATION_PATH, async (c) => {
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    const accountId = accountOf(c.req.param('account_id'))
    if (!accountId) return badAccount()
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return jsonError(400, PROXY_CODES.malformedJson, 'Malformed JSON in request body.')
    }
    const parsed = migrationStateSchema.safeParse(body)
    if (!parsed.success) return jsonErrors(400, apiErrorsFromIssues(parsed.error.issues, 1004))
    if (parsed.data.accountId !== accountId) {
      return jsonErrors(400, [{ code: 1004, message: 'accountId must be the account of the path.', source: { pointer: '/accountId' } }])
    }
    const { person } = actorOf(c)
    const by = person.id ? `${person.displayName} (${person.username})` : person.displayName
    return jsonOk(stamp(await store.lbMigrations.put(accountId, parsed.data, by)))
  })

  app.delete(LB_MIGRATION_PATH, async (c) => {
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
    const accountId = accountOf(c.req.param('account_id'))
    if (!accountId) return badAccount()
    await store.lbMigrations.remove(accountId)
    return jsonOk(null)
  })
}
