import { holdLease } from '../store/lease'
import { PROXY_CODES } from '../http/envelope'
import type { Store } from '../store'
import type { PendingEntry } from '../store/audit-pending'

/** The entry's error when its write was sent and no answer was recorded (the proxy's "may have landed" code). */
export const NO_ANSWER = {
  code: PROXY_CODES.writeTimeout,
  message: 'Sent, but no answer was recorded: the server stopped while this write was on its way, so it may or may not have landed. Check the zone (the before state and any restore point are kept).',
}

export interface PendingOptions {
  store: Store
  /** This instance's name (what a pending write's row records). */
  instance: string
  leaseMs: number
}

/**
 * A write's record before it is sent: the row (with its before state and restore point) goes into the
 * store first, its lease is renewed while the write runs, and `done` removes it once the entry is
 * written. An instance that dies in between leaves the row to `recoverPending`.
 */
export async function beginPending(o: PendingOptions, requestId: string, entry: PendingEntry, restorePoint: string | null) {
  await o.store.audit.pending.begin(requestId, o.instance, o.leaseMs, entry, restorePoint)
  const lease = holdLease(() => o.store.audit.pending.renew(requestId, o.instance, o.leaseMs), o.leaseMs)
  return {
    /** The entry is written (or the write never left): the row goes. */
    done: async () => {
      lease.stop()
      await o.store.audit.pending.finish(requestId)
    },
    /** Stops renewing without removing the row (the entry could not be written: it is recovered as unknown). */
    abandon: () => lease.stop(),
  }
}

/**
 * Writes the entries of writes whose instance stopped before their answer (lease run out): each row is
 * claimed by exactly one instance, which writes its entry as "outcome unknown" with the before state and
 * restore point that were stored before sending, then removes the row. A row whose entry is already in
 * the log (its writer stopped between the two) is only removed. Returns how many entries it wrote.
 */
export async function recoverPending(o: PendingOptions): Promise<number> {
  const pending = o.store.audit.pending
  let written = 0
  for (const requestId of await pending.expired()) {
    const row = await pending.claim(requestId, o.instance, o.leaseMs)
    if (!row) continue
    if (!(await pending.recorded(requestId))) {
      await o.store.audit.add({
        ...row.entry,
        outcome: 'unknown',
        status: 0,
        errors: [{ ...NO_ANSWER, message: `${NO_ANSWER.message} (Sent by instance ${row.instance}.)` }],
        after: null,
        restorePoint: row.entry.mode === 'practice' ? null : row.restorePoint,
      })
      written++
    }
    await pending.finish(requestId)
  }
  return written
}
