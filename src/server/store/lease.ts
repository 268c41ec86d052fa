import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely'
import type { Db } from './db'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper over several tables, named by the spec
type AnyDb = Kysely<any> | Transaction<any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- likewise
type AnyEb = ExpressionBuilder<any, any>

/**
 * Where a lease lives: a row of `table` found by `key`, whose holder is in `holder` and whose end (ms
 * since the epoch) is in `until`. A lease is held while `until` is in the future; null or past: lapsed.
 */
export interface LeaseSpec {
  table: string
  key: string
  holder: string
  until: string
  /**
   * The row a claim creates when there is none (besides key, holder and until). Without it a claim
   * only takes an existing row (a change request is filed before anyone applies it).
   */
  insert?: (at: number) => Record<string, unknown>
  /** More columns a claim sets (who holds it by name, since when). */
  claimed?: (holder: string, at: number) => Record<string, unknown>
  /** The row may be leased only while this holds (a change request: while applying or undoing). */
  live?: (eb: AnyEb) => Expression<SqlBool>
  /** What a release leaves in the row besides `until` 0 (default: nothing more). */
  released?: Record<string, unknown>
}

/** Who holds a lease and until when. */
interface LeaseHolder {
  holder: string | null
  until: number | null
}

/**
 * The one lease of the store, over any table that has a holder and an end column (see README.md,
 * "Leases"). Every step is one conditional statement, so the store decides, never an instance's
 * memory: of many callers at once exactly one claim (or take-over) goes through; renewing needs the
 * holder and a lease still held; releasing needs the holder.
 */
export function storeLease(db: () => Promise<Db>, now: () => number, spec: LeaseSpec) {
  const col = (c: string) => `${spec.table}.${c}`
  const lapsed = (eb: AnyEb, at: number) => eb.or([eb(col(spec.until), 'is', null), eb(col(spec.until), '<=', at)])
  const live = (eb: AnyEb) => (spec.live ? spec.live(eb) : eb.lit(true))
  const any = async (on?: AnyDb): Promise<AnyDb> => on ?? ((await db()) as unknown as AnyDb)
  const taken = (holder: string, at: number, ms: number) => ({ [spec.holder]: holder, [spec.until]: at + ms, ...spec.claimed?.(holder, at) })

  return {
    /** The columns of a lease taken now by `holder` for `ms`: for a statement that claims it along with other changes (a status move). */
    columns: (holder: string, ms: number, at = now()) => taken(holder, at, ms),
    /** The columns of no lease. */
    cleared: () => ({ [spec.until]: 0, ...spec.released }),
    /** The condition "this row's lease is `holder`'s" (released rows keep no holder to match). */
    heldBy: (holder: string) => (eb: AnyEb) => eb(col(spec.holder), '=', holder),
    /** The condition "this row's lease has lapsed (or was never taken)". */
    lapsed: (at = now()) => (eb: AnyEb) => lapsed(eb, at),

    /**
     * Takes the lease of `key` for `holder` for `ms` when it is free or lapsed (`reentrant`: or already
     * `holder`'s, which then renews it): one INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING, or
     * with no `insert` one conditional UPDATE. True for exactly one of many callers at once.
     */
    async claim(key: string | number, holder: string, ms: number, o: { reentrant?: boolean; at?: number; on?: AnyDb; set?: Record<string, unknown> } = {}): Promise<boolean> {
      const at = o.at ?? now()
      const d = await any(o.on)
      const free = (eb: AnyEb) => (o.reentrant ? eb.or([lapsed(eb, at), eb(col(spec.holder), '=', holder)]) : lapsed(eb, at))
      if (spec.insert) {
        const row = await d
          .insertInto(spec.table)
          .values({ ...spec.insert(at), [spec.key]: key, ...taken(holder, at, ms), ...o.set })
          .onConflict((oc) => oc.column(spec.key).doUpdateSet({ ...taken(holder, at, ms), ...o.set }).where((eb) => eb.and([free(eb), live(eb)])))
          .returning(spec.key)
          .executeTakeFirst()
        return row !== undefined
      }
      const r = await d
        .updateTable(spec.table)
        .set({ ...taken(holder, at, ms), ...o.set })
        .where(col(spec.key), '=', key)
        .where((eb) => eb.and([free(eb), live(eb)]))
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    /** Extends `holder`'s lease by `ms` from now: only by its holder, and only while it still holds. */
    async renew(key: string | number, holder: string, ms: number, o: { at?: number; on?: AnyDb } = {}): Promise<boolean> {
      const at = o.at ?? now()
      const r = await (await any(o.on))
        .updateTable(spec.table)
        .set({ [spec.until]: at + ms })
        .where(col(spec.key), '=', key)
        .where(col(spec.holder), '=', holder)
        .where(col(spec.until), '>', at)
        .where(live)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    /** Gives the lease back (anyone may claim it at once): only by its holder. False when it was not theirs. */
    async release(key: string | number, holder: string, o: { set?: Record<string, unknown>; on?: AnyDb } = {}): Promise<boolean> {
      const r = await (await any(o.on))
        .updateTable(spec.table)
        .set({ [spec.until]: 0, ...spec.released, ...o.set })
        .where(col(spec.key), '=', key)
        .where(col(spec.holder), '=', holder)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    /**
     * Expire and recover: takes over the lapsed lease that `seen` held (null: a row leased before
     * holders were recorded) for `holder`. One conditional UPDATE on the holder seen and the lapse, so
     * of many recoverers exactly one goes on, and the holder it was taken from can no longer renew or release.
     */
    async takeOver(key: string | number, seen: string | null, holder: string, ms: number, o: { at?: number; on?: AnyDb; set?: Record<string, unknown> } = {}): Promise<boolean> {
      const at = o.at ?? now()
      const r = await (await any(o.on))
        .updateTable(spec.table)
        .set({ ...taken(holder, at, ms), ...o.set })
        .where(col(spec.key), '=', key)
        .where((eb) => (seen === null ? eb(col(spec.holder), 'is', null) : eb(col(spec.holder), '=', seen)))
        .where((eb) => eb.and([lapsed(eb, at), live(eb)]))
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    /** Who holds the lease of `key` (undefined: no row). */
    async holder(key: string | number): Promise<LeaseHolder | undefined> {
      const row = (await (await any())
        .selectFrom(spec.table)
        .select([`${spec.holder} as holder`, `${spec.until} as until`])
        .where(col(spec.key), '=', key)
        .executeTakeFirst()) as { holder: string | null; until: number | string | null } | undefined
      return row && { holder: row.holder, until: row.until === null ? null : Number(row.until) }
    },

    /** Keys whose lease has lapsed (among `keys`, or all rows that may be leased). */
    async lapsedKeys(keys?: readonly (string | number)[]): Promise<string[]> {
      if (keys && !keys.length) return []
      const at = now()
      let q = (await any())
        .selectFrom(spec.table)
        .select(`${spec.key} as key`)
        .where((eb) => eb.and([lapsed(eb, at), live(eb)]))
      if (keys) q = q.where(col(spec.key), 'in', [...keys])
      return ((await q.execute()) as { key: string | number }[]).map((r) => String(r.key))
    },

    /** Deletes the rows whose lease lapsed (for tables that hold nothing but leases). */
    async sweep(): Promise<void> {
      const at = now()
      await (await any()).deleteFrom(spec.table).where((eb) => lapsed(eb, at)).execute()
    },
  }
}



/**
 * Keeps a lease while its work runs, renewing it every third of its length (`renew`: the lease's own
 * renew, bound to its key and holder), but only while the current step of the work has run for less
 * than one lease length. A step that hangs longer is left to lapse, so another instance recovers the
 * work (a change request's apply, a write's write-ahead record) and says its outcome is unknown.
 */
export function holdLease(renew: () => Promise<boolean>, ms: number) {
  let stepStarted = Date.now()
  let lost = false
  const timer = setInterval(
    () => {
      if (lost || Date.now() - stepStarted > ms) return
      void renew()
        .then((ok) => void (ok || (lost = true)))
        .catch(() => undefined)
    },
    Math.max(20, Math.floor(ms / 3)),
  )
  timer.unref()
  return {
    /** A new step starts (its mark renewed the lease). */
    step() {
      stepStarted = Date.now()
    },
    stop() {
      clearInterval(timer)
    },
  }
}
