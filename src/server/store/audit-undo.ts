import type { Db } from './db'

/** Who undid an entry (or is undoing it), and when. */
export interface UndoReservation {
  entryId: number
  at: number
  personId: string | null
  username: string
  personName: string
  state: 'pending' | 'done'
  undoEntryId: number | null
}

/** A pending undo older than this was cut short (the server stopped mid-way): another may take it over. */
export const STALE_UNDO_MS = 2 * 60_000

type Who = { personId: string | null; username: string; personName: string }

const toReservation = (r: { entry_id: number; at: number; person_id: string | null; username: string; person_name: string; state: string; undo_entry_id: number | null }): UndoReservation => ({
  entryId: Number(r.entry_id),
  at: Number(r.at),
  personId: r.person_id,
  username: r.username,
  personName: r.person_name,
  state: r.state === 'done' ? 'done' : 'pending',
  undoEntryId: r.undo_entry_id === null ? null : Number(r.undo_entry_id),
})

/**
 * Undo reservations: an undo first inserts the row of the entry it undoes, whose primary
 * key lets exactly one insert through (on SQLite and PostgreSQL alike, across instances); every other
 * attempt finds the row and is told who has it. The row is released when the undo's write fails, and
 * marked done when it succeeds.
 */
export function auditUndoStore(db: () => Promise<Db>, now: () => number) {
  const read = async (entryId: number) => {
    const row = await (await db()).selectFrom('audit_undo').selectAll().where('entry_id', '=', entryId).executeTakeFirst()
    return row && toReservation(row)
  }
  return {
    /** Reserves the undo of `entryId` for `who`: `{ won: true }`, or the reservation that is already there. */
    async reserve(entryId: number, who: Who): Promise<{ won: true } | { won: false; by: UndoReservation }> {
      const d = await db()
      const t = now()
      const row = { entry_id: entryId, at: t, person_id: who.personId, username: who.username, person_name: who.personName, state: 'pending', undo_entry_id: null }
      const inserted = await d.insertInto('audit_undo').values(row).onConflict((oc) => oc.column('entry_id').doNothing()).returning('entry_id').executeTakeFirst()
      if (inserted) return { won: true }
      // A pending undo whose server stopped before finishing: taken over, atomically, by one.
      const taken = await d
        .updateTable('audit_undo')
        .set({ at: t, person_id: who.personId, username: who.username, person_name: who.personName })
        .where('entry_id', '=', entryId)
        .where('state', '=', 'pending')
        .where('at', '<', t - STALE_UNDO_MS)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) > 0) return { won: true }
      const by = await read(entryId)
      // Released between the insert and the read: try once more.
      if (!by) return this.reserve(entryId, who)
      return { won: false, by }
    },
    /** The undo's write succeeded: the reservation stays for good. */
    async done(entryId: number, undoEntryId: number | null): Promise<void> {
      await (await db()).updateTable('audit_undo').set({ state: 'done', undo_entry_id: undoEntryId, at: now() }).where('entry_id', '=', entryId).execute()
    },
    /** The undo did not happen (refused, failed, conflict): another may try. */
    async release(entryId: number): Promise<void> {
      await (await db()).deleteFrom('audit_undo').where('entry_id', '=', entryId).where('state', '=', 'pending').execute()
    },
    /** The reservation of `entryId`, if any. */
    of: read,
  }
}
