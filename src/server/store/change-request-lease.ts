import { randomUUID } from 'node:crypto'
import type { Kysely, Migration } from 'kysely'
import type { Db } from './db'
import type { ChangeRequestInterruption, ChangeRequestStatus, ItemResult, ItemProblem } from '../../shared/schemas/change-requests'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** An apply or undo holds its request for `ms` at a time, renewing while it works; past that any instance may recover it. */
export const CHANGE_REQUEST_LEASE_MS = 60_000

/** Who holds a reservation: the instance (by name), a secret token of this one reservation, its length. */
export interface Lease {
  instance: string
  token: string
  ms: number
}

/** A lease for tests and callers that name no instance. */
export const anyLease = (): Lease => ({ instance: 'unnamed', token: randomUUID(), ms: CHANGE_REQUEST_LEASE_MS })

/**
 * `change-requests_0003-lease`: who holds a request being applied or undone (instance, token, when,
 * until when, and the status it came from), what recovery found when that work was cut short, whether
 * it may be approved again, and per item the request id of the write that carried it (stored before
 * it is sent, so the audit log tells afterwards whether it landed). The audit log gets an index on its
 * request id for that look-up.
 */
export function changeRequestLeaseMigration(): Migration {
  return {
    async up(db: AnyDb) {
      for (const [name, type] of [['lease_instance', 'text'], ['lease_token', 'text'], ['leased_at', 'bigint'], ['lease_until', 'bigint'], ['lease_from', 'text'], ['interrupted', 'text']] as const) {
        await db.schema.alterTable('change_requests').addColumn(name, type).execute()
      }
      await db.schema.alterTable('change_requests').addColumn('retryable', 'integer', (c) => c.notNull().defaultTo(0)).execute()
      await db.schema.alterTable('change_request_items').addColumn('sent_request_id', 'text').execute()
      await db.schema.createIndex('change_requests_lease').on('change_requests').columns(['status', 'lease_until']).execute()
      await db.schema.createIndex('audit_log_request').on('audit_log').column('request_id').execute()
    },
  }
}

/** The lease columns of a reservation, and of none. */
export const leaseColumns = (lease: Lease, at: number) => ({ lease_instance: lease.instance, lease_token: lease.token, leased_at: at, lease_until: at + lease.ms })
export const noLease = { lease_instance: null, lease_token: null, leased_at: null, lease_until: null }

/** What a recovery writes: the truthful status, each item's result, and the interruption in words. */
export interface Recovery {
  status: ChangeRequestStatus
  results: (ItemResult | null)[]
  interrupted: ChangeRequestInterruption
  problems?: ItemProblem[] | null
  appliedEntryId?: number | null
  retryable?: boolean
}

/** The raw lease of a request, as recovery reads it. */
export interface LeaseRow {
  status: ChangeRequestStatus
  instance: string | null
  token: string | null
  leasedAt: number | null
  until: number | null
  from: ChangeRequestStatus | null
  /** A practice session's request. */
  practice: boolean
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v))
const WORKING: ChangeRequestStatus[] = ['applying', 'undoing']

/**
 * The lease and its recovery when a request is cut short. Every step is decided by the
 * store: a renewal or a progress mark goes through only while the reservation's token is still the
 * one in the row; a recovery claims an expired lease with one conditional UPDATE (still applying or
 * undoing, still the token that was seen, and expired), so of two instances recovering at once exactly
 * one goes on; the worker it took the request from then finds its token gone and stops.
 */
export function changeRequestLeases(db: () => Promise<Db>, now: () => number) {
  return {
    /** Extends the lease while the work goes on; false when it is no longer this reservation's. */
    async renew(id: number, token: string, ms: number): Promise<boolean> {
      const r = await (await db()).updateTable('change_requests').set({ lease_until: now() + ms }).where('id', '=', id).where('status', 'in', WORKING).where('lease_token', '=', token).executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    /**
     * Before a write is sent: its request id on the items it carries, with the lease renewed, in one
     * transaction that first takes the request's row (so a recovery either sees the mark or has taken
     * the lease, in which case nothing is marked and the write is not sent).
     */
    async markSent(id: number, token: string, ms: number, positions: number[], requestId: string): Promise<boolean> {
      return (await db()).transaction().execute(async (trx) => {
        const r = await trx.updateTable('change_requests').set({ lease_until: now() + ms }).where('id', '=', id).where('status', '=', 'applying').where('lease_token', '=', token).executeTakeFirst()
        if (Number(r.numUpdatedRows) === 0) return false
        await trx.updateTable('change_request_items').set({ sent_request_id: requestId }).where('request_id', '=', id).where('position', 'in', positions).execute()
        return true
      })
    },
    async leaseOf(id: number): Promise<LeaseRow | undefined> {
      const r = await (await db()).selectFrom('change_requests').select(['status', 'lease_instance', 'lease_token', 'leased_at', 'lease_until', 'lease_from', 'practice_key']).where('id', '=', id).executeTakeFirst()
      if (!r) return undefined
      const n = (v: number | null) => (v === null ? null : Number(v))
      return { status: r.status as ChangeRequestStatus, instance: r.lease_instance, token: r.lease_token, leasedAt: n(r.leased_at), until: n(r.lease_until), from: r.lease_from as ChangeRequestStatus | null, practice: r.practice_key !== null }
    },
    /** Requests being applied or undone whose lease has run out (or that have none, from before leases), of these ids or all. */
    async expired(ids?: number[]): Promise<number[]> {
      if (ids && !ids.length) return []
      let q = (await db()).selectFrom('change_requests').select('id').where('status', 'in', WORKING).where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now())]))
      if (ids) q = q.where('id', 'in', ids)
      return (await q.execute()).map((r) => Number(r.id))
    },
    /**
     * The one conditional statement of a recovery: takes the expired lease `seen` (its token, null for
     * a request from before leases) for `lease`. True for exactly one of many concurrent callers.
     */
    async claimExpired(id: number, seen: string | null, lease: Lease): Promise<boolean> {
      const t = now()
      const r = await (await db())
        .updateTable('change_requests')
        .set(leaseColumns(lease, t))
        .where('id', '=', id)
        .where('status', 'in', WORKING)
        .where((eb) => (seen === null ? eb('lease_token', 'is', null) : eb('lease_token', '=', seen)))
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', t)]))
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    /** Writes what the recovery found, while it still holds the lease it claimed. */
    async finishRecovery(id: number, token: string, r: Recovery): Promise<boolean> {
      return (await db()).transaction().execute(async (trx) => {
        const set = { status: r.status, interrupted: json(r.interrupted), retryable: r.retryable ? 1 : 0, updated_at: now(), ...noLease, lease_from: null }
        if (r.problems !== undefined) Object.assign(set, { problems: json(r.problems) })
        if (r.appliedEntryId !== undefined) Object.assign(set, { applied_entry_id: r.appliedEntryId })
        const u = await trx.updateTable('change_requests').set(set).where('id', '=', id).where('status', 'in', WORKING).where('lease_token', '=', token).executeTakeFirst()
        if (Number(u.numUpdatedRows) === 0) return false
        for (const [i, result] of r.results.entries()) {
          await trx.updateTable('change_request_items').set({ result: json(result) }).where('request_id', '=', id).where('position', '=', i).execute()
        }
        return true
      })
    },
    /** Each item's request id of the write that carried it (null: never sent), in item order. */
    async sentRequestIds(id: number): Promise<(string | null)[]> {
      const rows = await (await db()).selectFrom('change_request_items').select(['position', 'sent_request_id']).where('request_id', '=', id).orderBy('position').execute()
      return rows.map((r) => r.sent_request_id)
    },
    /** The audit entries recorded for these request ids (a write's answer, once it came). */
    async auditByRequestIds(requestIds: string[]): Promise<{ id: number; requestId: string; outcome: string; status: number; errors: { code: number; message: string }[] }[]> {
      if (!requestIds.length) return []
      const rows = await (await db()).selectFrom('audit_log').select(['id', 'request_id', 'outcome', 'status', 'errors']).where('request_id', 'in', requestIds).orderBy('id').execute()
      return rows.map((r) => ({ id: Number(r.id), requestId: r.request_id, outcome: r.outcome, status: Number(r.status), errors: r.errors ? (JSON.parse(r.errors) as { code: number; message: string }[]) : [] }))
    },
    /**
     * What the audit log knows of the undo of these entries: its reservation (`done`, or `pending`: sent,
     * no answer kept) and whether an undo entry of it succeeded.
     */
    async undoFacts(entryIds: number[]): Promise<Map<number, { state: 'done' | 'pending' | 'none'; undoEntryId: number | null }>> {
      const out = new Map<number, { state: 'done' | 'pending' | 'none'; undoEntryId: number | null }>(entryIds.map((e) => [e, { state: 'none', undoEntryId: null }]))
      if (!entryIds.length) return out
      const d = await db()
      for (const r of await d.selectFrom('audit_undo').select(['entry_id', 'state', 'undo_entry_id']).where('entry_id', 'in', entryIds).execute()) {
        out.set(Number(r.entry_id), { state: r.state === 'done' ? 'done' : 'pending', undoEntryId: r.undo_entry_id === null ? null : Number(r.undo_entry_id) })
      }
      // An undo whose write succeeded but whose reservation was not yet marked done (stopped in between).
      for (const r of await d.selectFrom('audit_log').select(['id', 'undo_of']).where('undo_of', 'in', entryIds).where('outcome', '=', 'success').execute()) {
        out.set(Number(r.undo_of), { state: 'done', undoEntryId: Number(r.id) })
      }
      return out
    },
  }
}
