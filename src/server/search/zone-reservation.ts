import { randomUUID } from 'node:crypto'
import type { Store } from '../store'

/** Longest an apply holds a zone (one read of its records and its batches); an instance that dies lets it lapse. */
export const RESERVATION_MS = 60_000
/** Longest an apply waits for another apply of the same zone to finish before it is refused. */
export const RESERVATION_WAIT_MS = 15_000
const POLL_MS = 50

/**
 * Each zone's apply reserved in the store (`record_index_replace`, record-index_0004) before its records are read: of two applies of one zone at
 * once (two people, two instances) exactly one holds it; the other waits for it to finish, then reads
 * the records the first one left and plans on them, so neither writes over a change it never read.
 */
export function zoneReservations(store: Pick<Store, 'lease'>, owner: string, o: { waitMs?: number } = {}) {
  const lease = store.lease({ table: 'record_index_replace', key: 'zone_key', holder: 'lease_holder', until: 'lease_until', insert: () => ({}) })
  const waitMs = o.waitMs ?? RESERVATION_WAIT_MS
  return {
    /** Runs `work` holding the zone; undefined when another apply still held it after the wait (nothing was done). */
    async holding<T>(zoneId: string, work: () => Promise<T>): Promise<T | undefined> {
      const key = `${owner}:${zoneId}`
      const holder = randomUUID()
      const until = Date.now() + waitMs
      while (!(await lease.claim(key, holder, RESERVATION_MS))) {
        if (Date.now() >= until) return undefined
        await new Promise((r) => setTimeout(r, POLL_MS))
      }
      try {
        return await work()
      } finally {
        await lease.release(key, holder)
      }
    },
  }
}
