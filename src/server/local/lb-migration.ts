import type { Hono } from 'hono'
import { hexIdSchema } from '../../shared/schemas/common'
import { migrationStateSchema, type SavedMigration } from '../../shared/schemas/load-balancing-migration'
import { actorOf } from '../auth'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../http/envelope'
import { writeRefusal } from '../http/guard'
import type { SavedLbMigration, Store } from '../store'
import { localBody } from './read-body'

export const LB_MIGRATION_PATH = '/api/local/accounts/:account_id/lb-migration' as const
/** Optional on PUT: the `updated_at` the browser last read (or `none`); a different stored one is a 409. */
export const EXPECT_HEADER = 'x-zonekeeper-expect-updated-at'
const MIGRATION_CHANGED = 10409

/** The expected stamp: undefined (no header: save anyway), null (none saved yet), ms, or false (unreadable). */
function expectedStamp(raw: string | undefined): number | null | undefined | false {
  if (raw === undefined) return undefined
  if (raw === 'none') return null
  const ms = Date.parse(raw)
  return Number.isFinite(ms) ? ms : false
}

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
    const state = localBody(c, 'PUT', LB_MIGRATION_PATH)
    if (state.accountId !== accountId) {
      return jsonErrors(400, [
        { code: 1004, message: 'accountId must be the account of the path.', source: { pointer: '/accountId' } },
      ])
    }
    const expected = expectedStamp(c.req.header(EXPECT_HEADER))
    if (expected === false) return jsonError(400, 1004, `${EXPECT_HEADER} must be "none" or the updated_at last read.`)
    const { person } = actorOf(c)
    const by = person.id ? `${person.displayName} (${person.username})` : person.displayName
    const put = await store.lbMigrations.put(accountId, state, by, expected)
    if ('saved' in put) return jsonOk(stamp(put.saved))
    // Saved meanwhile elsewhere (another browser, administrator or instance): nothing is overwritten.
    const other = put.conflict
    return jsonError(
      409,
      MIGRATION_CHANGED,
      other
        ? `This migration was saved meanwhile by ${other.updatedBy} at ${new Date(other.updatedAt).toISOString()} (another browser or another administrator), so this step was not saved over it. Reload the page to see where it stands.`
        : 'This migration was discarded meanwhile (in another browser or by another administrator). Reload the page to see where it stands.',
    )
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
