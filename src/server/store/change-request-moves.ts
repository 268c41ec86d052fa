import type { Expression, ExpressionBuilder, SqlBool, Transaction, UpdateObject } from 'kysely'
import type { Db } from './db'
import type { StoreTables } from './schema'
import { CHANGE_REQUEST_STATUSES, type ChangeRequestStatus } from '../../shared/schemas/change-requests'

type Eb = ExpressionBuilder<StoreTables, 'change_requests'>

/**
 * A change request's status machine, declared once: each move a request may make, from which
 * statuses, and any condition on the row besides (`when`, column = value). Every status change in
 * the store is one conditional UPDATE generated from this (`moveStatus`), so no caller can make a
 * move that is not here, and of two callers racing for one move exactly one goes on.
 */
export const CHANGE_REQUEST_MOVES = {
  /** Approved: the apply takes it (an interrupted apply known to have changed nothing may be approved again). */
  applying: [{ from: 'pending' }, { from: 'failed', when: { retryable: 1 } }],
  /** Pending again: the apply did not start (release), or the requester took the zone as it is now (refresh). */
  pending: [{ from: 'applying' }, { from: 'pending' }, { from: 'stale' }],
  rejected: [{ from: 'pending' }, { from: 'stale' }],
  /** The zone moved since the request was filed (found on reading it), or found by the apply. */
  stale: [{ from: 'pending' }, { from: 'applying' }],
  withdrawn: [{ from: 'pending' }],
  /** The apply's outcomes (and a recovery's, from the audit log). */
  applied: [{ from: 'applying' }, { from: 'undoing' }],
  failed: [{ from: 'applying' }],
  partly_applied: [{ from: 'applying' }, { from: 'undoing' }],
  interrupted: [{ from: 'applying' }, { from: 'undoing' }],
  /** The undo takes an applied request. */
  undoing: [{ from: 'applied' }, { from: 'partly_applied' }, { from: 'interrupted' }],
  /** Everything undone: by the request's own undo, or entry by entry from the audit log. */
  undone: [{ from: 'undoing' }, { from: 'applied' }, { from: 'partly_applied' }, { from: 'interrupted' }],
} as const satisfies Record<Exclude<ChangeRequestStatus, never>, readonly { from: ChangeRequestStatus; when?: { retryable: number } }[]>

type Moves = typeof CHANGE_REQUEST_MOVES
/** The statuses a request may move to `to` from. */
type SourceOf<To extends ChangeRequestStatus> = Moves[To][number]['from']

/** Whether the declaration allows `from` → `to` (a row condition `when` may still refuse it). */
export function canMove(from: ChangeRequestStatus, to: ChangeRequestStatus): boolean {
  return (CHANGE_REQUEST_MOVES[to] as readonly { from: string }[]).some((m) => m.from === from)
}

/** Every status, for the generated test and for readers of the declaration. */
export const STATUSES: readonly ChangeRequestStatus[] = CHANGE_REQUEST_STATUSES

export interface MoveOptions<To extends ChangeRequestStatus> {
  /** Only from these of the declared sources (narrower moves: "the undo of an applied request"). A source not declared throws. */
  from?: readonly SourceOf<To>[]
  /** Columns set with the move (updated_at is always set). */
  set?: UpdateObject<StoreTables, 'change_requests'> | ((eb: Eb) => UpdateObject<StoreTables, 'change_requests'>)
  /** A condition on the row besides its status (the requester, the lease's holder…). */
  where?: (eb: Eb) => Expression<SqlBool>
}

/**
 * Moves request `id` to `to`: `UPDATE change_requests SET status = to, … WHERE id = ? AND (status IN
 * (declared sources) …)`, one statement. True when this call made the move; false (nothing changed)
 * when the request is not in a status the declaration allows the move from, or `where` refused it.
 */
export async function moveStatus<To extends ChangeRequestStatus>(d: Db | Transaction<StoreTables>, now: () => number, id: number, to: To, o: MoveOptions<To> = {}): Promise<boolean> {
  const declared = CHANGE_REQUEST_MOVES[to] as readonly { from: ChangeRequestStatus; when?: Record<string, number> }[]
  for (const f of o.from ?? []) {
    if (!declared.some((m) => m.from === f)) throw new Error(`A change request never moves from ${f} to ${to}.`)
  }
  const sources = o.from ? declared.filter((m) => (o.from as readonly string[]).includes(m.from)) : declared
  const r = await d
    .updateTable('change_requests')
    .set((eb) => ({ ...(typeof o.set === 'function' ? o.set(eb) : o.set), status: to, updated_at: now() }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or(
        sources.map((m) =>
          eb.and([eb('status', '=', m.from), ...Object.entries(m.when ?? {}).map(([c, v]) => eb(c as 'retryable', '=', v))]),
        ),
      ),
    )
    .where((eb) => (o.where ? o.where(eb) : eb.lit(true)))
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}
