import type { Db } from './db'
import type { NewAuditEntry } from './audit'

/** What is known of a write before its answer: the entry without its answer (outcome, status, errors, after). */
export type PendingEntry = Omit<NewAuditEntry, 'outcome' | 'status' | 'errors' | 'after' | 'restorePoint'>

export interface PendingWrite {
  requestId: string
  instance: string
  leaseUntil: number
  entry: PendingEntry
  restorePoint: string | null
}

/**
 * Writes on their way to the API, kept in the store (not in memory) so that a write cut short by a
 * crash still has its who, what, before state and restore point. `begin` runs before the write is
 * sent, `finish` once its entry is written; the row is the writer's while its lease is renewed. A row
 * whose lease ran out is claimed by one instance (a conditional UPDATE: of two recovering at once,
 * one goes on), which writes its entry as "outcome unknown" (see audit/pending.ts).
 */
export function auditPendingStore(db: () => Promise<Db>, now: () => number) {
  return {
    async begin(requestId: string, instance: string, leaseMs: number, entry: PendingEntry, restorePoint: string | null): Promise<void> {
      const at = now()
      await (await db())
        .insertInto('audit_pending')
        .values({ request_id: requestId, at, instance, lease_until: at + leaseMs, entry: JSON.stringify(entry), restore_point: restorePoint })
        // A request id sent again (a retried apply) takes its row over.
        .onConflict((oc) => oc.column('request_id').doUpdateSet({ at, instance, lease_until: at + leaseMs, entry: JSON.stringify(entry), restore_point: restorePoint }))
        .execute()
    },
    /** Keeps the lease while the write runs; false once another instance took the row. */
    async renew(requestId: string, instance: string, leaseMs: number): Promise<boolean> {
      const r = await (await db())
        .updateTable('audit_pending')
        .set({ lease_until: now() + leaseMs })
        .where('request_id', '=', requestId)
        .where('instance', '=', instance)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    async finish(requestId: string): Promise<void> {
      await (await db()).deleteFrom('audit_pending').where('request_id', '=', requestId).execute()
    },
    /** Request ids of rows whose lease has run out. */
    async expired(): Promise<string[]> {
      const rows = await (await db()).selectFrom('audit_pending').select('request_id').where('lease_until', '<', now()).orderBy('at').limit(100).execute()
      return rows.map((r) => r.request_id)
    },
    /** Takes an expired row for `instance` (one conditional UPDATE); the row as it was, or undefined when another instance has it. */
    async claim(requestId: string, instance: string, leaseMs: number): Promise<PendingWrite | undefined> {
      const d = await db()
      const row = await d.selectFrom('audit_pending').selectAll().where('request_id', '=', requestId).executeTakeFirst()
      if (!row || Number(row.lease_until) >= now()) return undefined
      const r = await d
        .updateTable('audit_pending')
        .set({ instance, lease_until: now() + leaseMs })
        .where('request_id', '=', requestId)
        .where('instance', '=', row.instance)
        .where('lease_until', '=', row.lease_until)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return undefined
      return { requestId, instance: row.instance, leaseUntil: Number(row.lease_until), entry: JSON.parse(row.entry) as PendingEntry, restorePoint: row.restore_point }
    },
    /** Whether the log already has an entry for this request (written just before its writer stopped). */
    async recorded(requestId: string): Promise<boolean> {
      const row = await (await db()).selectFrom('audit_log').select('id').where('request_id', '=', requestId).executeTakeFirst()
      return row !== undefined
    },
  }
}
