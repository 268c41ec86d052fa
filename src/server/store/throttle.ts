import { sql } from 'kysely'
import type { Db } from './db'

export interface FailureCount {
  failures: number
  lastFailureAt: number
}

/** Failures older than this are forgotten. */
export const THROTTLE_MEMORY_MS = 24 * 60 * 60_000

/**
 * Counters of wrong sign-in attempts, in the store so that every instance behind a load balancer
 * sees the same counts. The policy (how counts turn into waits) lives in auth/throttle.ts.
 */
export function throttleStore(db: () => Promise<Db>, now: () => number) {
  return {
    async get(keys: string[]): Promise<Map<string, FailureCount>> {
      const out = new Map<string, FailureCount>()
      if (!keys.length) return out
      const cutoff = now() - THROTTLE_MEMORY_MS
      const rows = await (await db()).selectFrom('sign_in_throttle').selectAll().where('key', 'in', keys).execute()
      for (const r of rows) {
        if (r.last_failure_at > cutoff) out.set(r.key, { failures: r.failures, lastFailureAt: r.last_failure_at })
      }
      return out
    },
    async fail(keys: string[]): Promise<void> {
      const t = now()
      const cutoff = t - THROTTLE_MEMORY_MS
      const d = await db()
      for (const key of keys) {
        await d
          .insertInto('sign_in_throttle')
          .values({ key, failures: 1, last_failure_at: t })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              failures: sql<number>`CASE WHEN sign_in_throttle.last_failure_at < ${cutoff} THEN 1 ELSE sign_in_throttle.failures + 1 END`,
              last_failure_at: t,
            }),
          )
          .execute()
      }
    },
    async clear(keys: string[]): Promise<void> {
      if (keys.length) await (await db()).deleteFrom('sign_in_throttle').where('key', 'in', keys).execute()
    },
    /** Forgets counters nobody touched for a day. */
    async sweep(): Promise<void> {
      await (
        await db()
      )
        .deleteFrom('sign_in_throttle')
        .where('last_failure_at', '<', now() - THROTTLE_MEMORY_MS)
        .execute()
    },
  }
}

export type ThrottleStore = ReturnType<typeof throttleStore>
