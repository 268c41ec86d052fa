import type { Db } from './db'

export interface SavedLbMigration {
  accountId: string
  /** The migration's state as the browser's engine wrote it (parsed by the caller's schema). */
  state: unknown
  updatedAt: number
  updatedBy: string
}

/**
 * The load-balancing e-mail migration of each account: one saved state per account, replaced on
 * every step, so any browser (and any instance sharing the store) resumes where a run stopped.
 */
export function lbMigrationStore(db: () => Promise<Db>, now: () => number) {
  return {
    async get(accountId: string): Promise<SavedLbMigration | undefined> {
      const row = await (await db()).selectFrom('lb_migrations').selectAll().where('account_id', '=', accountId).executeTakeFirst()
      if (!row) return undefined
      return { accountId: row.account_id, state: JSON.parse(row.state) as unknown, updatedAt: row.updated_at, updatedBy: row.updated_by }
    },
    async put(accountId: string, state: unknown, updatedBy: string): Promise<SavedLbMigration> {
      const updatedAt = now()
      const values = { account_id: accountId, state: JSON.stringify(state), updated_at: updatedAt, updated_by: updatedBy }
      await (await db())
        .insertInto('lb_migrations')
        .values(values)
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ state: values.state, updated_at: updatedAt, updated_by: updatedBy }))
        .execute()
      return { accountId, state, updatedAt, updatedBy }
    },
    /** Forgets the account's migration; true when there was one. */
    async remove(accountId: string): Promise<boolean> {
      const res = await (await db()).deleteFrom('lb_migrations').where('account_id', '=', accountId).executeTakeFirst()
      return Number(res.numDeletedRows) > 0
    },
  }
}
