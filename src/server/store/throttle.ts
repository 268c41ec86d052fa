import { sql, type RawBuilder } from 'kysely'
import type { Db } from './db'

export interface FailureCount {
  failures: number
  lastFailureAt: number
}

/** Failures older than this are forgotten. */
export const THROTTLE_MEMORY_MS = 24 * 60 * 60_000

/** How long a counter must rest once it passed its free attempts: 1 s, 2 s, 4 s … up to `maxMs`. */
export const throttleWaitMs = (failures: number, free: number, maxMs: number) =>
  failures < free ? 0 : Math.min(1000 * 2 ** (failures - free), maxMs)

/** The same wait in SQL, for a counter past its free attempts (`failures - free` ≥ 0). */
function waitSql(failures: RawBuilder<number>, free: number, maxMs: number): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = []
  for (let k = 0; 1000 * 2 ** k < maxMs; k++) steps.push(sql`WHEN ${sql.lit(k)} THEN ${sql.lit(1000 * 2 ** k)}`)
  return sql<number>`(CASE (${failures} - ${sql.lit(free)}) ${sql.join(steps, sql` `)} ELSE ${sql.lit(maxMs)} END)`
}

/**
 * Counters of sign-in attempts, in the store so that every instance behind a load balancer sees the
 * same counts, and decided by the store: `attempt` counts and answers in one statement, so that
 * concurrent guesses cannot all pass a check made before any of them was counted. The policy (which
 * counters, how many free attempts) lives in auth/throttle.ts.
 */
export function throttleStore(db: () => Promise<Db>, now: () => number) {
  /**
   * Counts one attempt at `key` when `may` holds for its row (or the row is older than the throttle's
   * memory, or new): one INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING, so the check and the
   * count are one atomic step on SQLite and PostgreSQL alike. The row when counted, else undefined.
   */
  const countIf = async (key: string, t: number, may: RawBuilder<boolean>) => {
    const cutoff = t - THROTTLE_MEMORY_MS
    return (await db())
      .insertInto('sign_in_throttle')
      .values({ key, failures: 1, last_failure_at: t })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            failures: sql<number>`CASE WHEN sign_in_throttle.last_failure_at < ${cutoff} THEN 1 ELSE sign_in_throttle.failures + 1 END`,
            last_failure_at: t,
          })
          .where(sql<boolean>`sign_in_throttle.last_failure_at < ${cutoff} OR ${may}`),
      )
      .returning('failures')
      .executeTakeFirst()
  }
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
    /**
     * Counts one attempt at `key` unless the key must wait: one INSERT … ON CONFLICT DO UPDATE … WHERE
     * … RETURNING, so the count and the answer are one atomic step on SQLite and PostgreSQL alike.
     * True when the attempt was counted (it may go ahead), false when it must wait (nothing counted).
     */
    async attempt(key: string, free: number, maxWaitMs: number): Promise<boolean> {
      const t = now()
      const row = await countIf(
        key,
        t,
        sql<boolean>`sign_in_throttle.failures < ${sql.lit(free)} OR sign_in_throttle.last_failure_at + ${waitSql(sql<number>`sign_in_throttle.failures`, free, maxWaitMs)} <= ${t}`,
      )
      return row !== undefined
    },
    /**
     * Counts one attempt at `key` unless it holds `cap` already (within the memory of a day): one
     * INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING, so attempts sent at once, to any instance,
     * never pass the cap together. Answers the count including this attempt, or undefined when the
     * cap is reached (nothing counted). Unlike `attempt`, there is no wait after which it opens
     * again: only `clear` (a success, an administrator) or a day without attempts does.
     */
    async countUpTo(key: string, cap: number): Promise<number | undefined> {
      const row = await countIf(key, now(), sql<boolean>`sign_in_throttle.failures < ${cap}`)
      return row === undefined ? undefined : Number(row.failures)
    },
    /** Takes back one counted attempt per key (it turned out not to be a wrong guess). */
    async refund(keys: string[]): Promise<void> {
      if (!keys.length) return
      await (await db())
        .updateTable('sign_in_throttle')
        .set({ failures: sql<number>`failures - 1` })
        .where('key', 'in', keys)
        .where('failures', '>', 0)
        .execute()
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
    /**
     * Claims one of `slots` places for a password check on `key` (an account) for `leaseMs`: a row per
     * place, taken by INSERT or by taking over an expired lease, in one statement each. Answers the
     * lease to hand back to `release`, or undefined when every place is taken.
     */
    async claim(key: string, slots: number, leaseMs: number): Promise<{ slot: number; until: number } | undefined> {
      const t = now()
      const until = t + leaseMs
      const d = await db()
      for (let slot = 0; slot < slots; slot++) {
        const row = await d
          .insertInto('sign_in_in_flight')
          .values({ key, slot, expires_at: until })
          .onConflict((oc) =>
            oc
              .columns(['key', 'slot'])
              .doUpdateSet({ expires_at: until })
              .where('sign_in_in_flight.expires_at', '<=', t),
          )
          .returning('slot')
          .executeTakeFirst()
        if (row) return { slot, until }
      }
      return undefined
    },
    async release(key: string, lease: { slot: number; until: number }): Promise<void> {
      await (await db())
        .deleteFrom('sign_in_in_flight')
        .where('key', '=', key)
        .where('slot', '=', lease.slot)
        .where('expires_at', '=', lease.until)
        .execute()
    },
    /** Forgets counters nobody touched for a day, and leases long expired. */
    async sweep(): Promise<void> {
      const d = await db()
      await d.deleteFrom('sign_in_throttle').where('last_failure_at', '<', now() - THROTTLE_MEMORY_MS).execute()
      await d.deleteFrom('sign_in_in_flight').where('expires_at', '<', now()).execute()
    },
  }
}
