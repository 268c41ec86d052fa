import { randomUUID } from 'node:crypto'
import type { Kysely, Migration } from 'kysely'
import type { Db } from './db'
import { storeLease } from './lease'
import { moveStatus } from './change-request-moves'
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

/**
 * Where a request's lease lives (the store's one lease, lease.ts): its row, held by the reservation's
 * secret token while it is applying or undoing. Its instance's name and since when go with it.
 */
export const changeRequestLease = (db: () => Promise<Db>, now: () => number) =>
  storeLease(db, now, {
    table: 'change_requests',
    key: 'id',
    holder: 'lease_token',
    until: 'lease_until',
    claimed: (_token, at) => ({ leased_at: at }),
    live: (eb) => eb('change_requests.status', 'in', WORKING),
    released: { lease_instance: null, lease_token: null, leased_at: null, lease_until: null, lease_from: null },
  })

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
const WORKING = ['applying', 'undoing'] as const
/** What a recovery may find: an apply's outcome, or an undo's. */
type RecoveredStatus = 'applied' | 'failed' | 'partly_applied' | 'interrupted' | 'undone'

/**
 * The lease and its recovery when a request is cut short, on the store's one lease (lease.ts): a
 * renewal or a progress mark goes through only while the reservation's token is still the one in the
 * row and its lease holds; a recovery takes over a lapsed lease with one conditional UPDATE (still
 * applying or undoing, still the token that was seen, and lapsed), so of two instances recovering at
 * once exactly one goes on; the worker it took the request from then finds its token gone and stops.
 */
export function changeRequestLeases(db: () => Promise<Db>, now: () => number) {
  const lease = changeRequestLease(db, now)
  return {
    /** Extends the lease while the work goes on; false when it is no longer this reservation's. */
    renew: (id: number, token: string, ms: number): Promise<boolean> => lease.renew(id, token, ms),
    /**
     * Before a write is sent: its request id on the items it carries, with the lease renewed, in one
     * transaction that first takes the request's row (so a recovery either sees the mark or has taken
     * the lease, in which case nothing is marked and the write is not sent). Only while applying.
     */
    async markSent(id: number, token: string, ms: number, positions: number[], requestId: string): Promise<boolean> {
      return (await db()).transaction().execute(async (trx) => {
        const r = await trx.selectFrom('change_requests').select('status').where('id', '=', id).executeTakeFirst()
        if (r?.status !== 'applying' || !(await lease.renew(id, token, ms, { on: trx }))) return false
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
      return (await lease.lapsedKeys(ids)).map(Number).sort((a, b) => a - b)
    },
    /**
     * The one conditional statement of a recovery: takes over the lapsed lease `seen` (its token, null
     * for a request from before leases) for `next`. True for exactly one of many concurrent callers.
     */
    claimExpired: (id: number, seen: string | null, next: Lease): Promise<boolean> => lease.takeOver(id, seen, next.token, next.ms, { set: { lease_instance: next.instance } }),
    /** Writes what the recovery found, while it still holds the lease it took over (one move of the status machine). */
    async finishRecovery(id: number, token: string, r: Recovery): Promise<boolean> {
      return (await db()).transaction().execute(async (trx) => {
        const set = { interrupted: json(r.interrupted), retryable: r.retryable ? 1 : 0, ...lease.cleared() }
        if (r.problems !== undefined) Object.assign(set, { problems: json(r.problems) })
        if (r.appliedEntryId !== undefined) Object.assign(set, { applied_entry_id: r.appliedEntryId })
        const held = lease.heldBy(token)
        if (!(await moveStatus(trx, now, id, r.status as RecoveredStatus, { set, where: (eb) => eb.and([held(eb), eb('status', 'in', WORKING)]) }))) return false
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
