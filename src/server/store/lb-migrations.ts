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
  const get = async (accountId: string): Promise<SavedLbMigration | undefined> => {
    const row = await (await db()).selectFrom('lb_migrations').selectAll().where('account_id', '=', accountId).executeTakeFirst()
    if (!row) return undefined
    return {
      accountId: row.account_id,
      state: JSON.parse(row.state) as unknown,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    }
  }
  return {
    get,
    /**
     * Saves the account's state. `expected` (optional): the `updatedAt` the caller last saw, or null for
     * "none saved yet"; when the stored one differs (another browser or instance saved meanwhile),
     * nothing is written and the stored one is answered as `conflict`. Checked in the write itself.
     */
    async put(
      accountId: string,
      state: unknown,
      updatedBy: string,
      expected?: number | null,
    ): Promise<{ saved: SavedLbMigration } | { conflict: SavedLbMigration | undefined }> {
      const d = await db()
      // Strictly later than the last save, so that a save in the same millisecond still reads as a change.
      const last =
        expected ??
        (await d.selectFrom('lb_migrations').select('updated_at').where('account_id', '=', accountId).executeTakeFirst())
          ?.updated_at
      const updatedAt = Math.max(now(), (last ?? 0) + 1)
      const values = { account_id: accountId, state: JSON.stringify(state), updated_at: updatedAt, updated_by: updatedBy }
      const set = { state: values.state, updated_at: updatedAt, updated_by: updatedBy }
      let written: bigint
      if (expected === undefined) {
        const r = await d
          .insertInto('lb_migrations')
          .values(values)
          .onConflict((oc) => oc.column('account_id').doUpdateSet(set))
          .executeTakeFirst()
        written = r.numInsertedOrUpdatedRows ?? 1n
      } else if (expected === null) {
        const r = await d
          .insertInto('lb_migrations')
          .values(values)
          .onConflict((oc) => oc.column('account_id').doNothing())
          .executeTakeFirst()
        written = r.numInsertedOrUpdatedRows ?? 0n
      } else {
        const r = await d
          .updateTable('lb_migrations')
          .set(set)
          .where('account_id', '=', accountId)
          .where('updated_at', '=', expected)
          .executeTakeFirst()
        written = r.numUpdatedRows
      }
      if (written > 0n) return { saved: { accountId, state, updatedAt, updatedBy } }
      return { conflict: await get(accountId) }
    },
    /** Forgets the account's migration; true when there was one. */
    async remove(accountId: string): Promise<boolean> {
      const res = await (await db()).deleteFrom('lb_migrations').where('account_id', '=', accountId).executeTakeFirst()
      return Number(res.numDeletedRows) > 0
    },
  }
}
