import { sql, type Kysely, type Migration } from 'kysely'
import type { Db } from './db'
import type { Dialect } from './dialect'
import { storeLease } from './lease'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/**
 * A person's practice copy kept in the shared store: the emulator's SQLite
 * database, serialized, with a version every save raises and a lease that lets one request at a
 * time (on any instance) change it.
 */
export interface PracticeCopiesTable {
  /** The person's key (practice/routes.ts personKey). */
  key: string
  /** 0 until the first save; every save adds one. */
  version: number
  /** The copy (SQLite database image); null before the first save. */
  data: Buffer | null
  /** Bytes of `data`. */
  size: number
  /** Who may write now (one request somewhere), or null. */
  lease_holder: string | null
  /** Until when the lease holds (ms since the epoch); a crashed holder's lease runs out. */
  lease_until: number
  updated_at: number
}

/** Writes of a person in practice, counted per window in the store (every instance counts together). */
export interface PracticeRateTable {
  /** `writes:<person key>` or `imports:<person key>`. */
  key: string
  window_start: number
  count: number
}

/** `practice_0001-shared-copies`: practice copies and their write counters in the shared store. */
export function practiceCopiesMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('practice_copies')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('version', sql`bigint`, (c) => c.notNull().defaultTo(0))
        .addColumn('data', dialect === 'postgres' ? sql`bytea` : sql`blob`)
        .addColumn('size', sql`bigint`, (c) => c.notNull().defaultTo(0))
        .addColumn('lease_holder', 'text')
        .addColumn('lease_until', sql`bigint`, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', sql`bigint`, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('practice_rate')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', sql`bigint`, (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute()
    },
  }
}

export interface RateVerdict {
  allowed: boolean
  /** Seconds until the window ends (rounded up, at least 1). */
  resetSeconds: number
  remaining: number
}

export function practiceCopyStore(db: () => Promise<Db>, now: () => number) {
  // The store's one lease (lease.ts), on the copy's own row (made by the first lease, before any save).
  const lease = storeLease(db, now, {
    table: 'practice_copies',
    key: 'key',
    holder: 'lease_holder',
    until: 'lease_until',
    insert: (at) => ({ version: 0, data: null, size: 0, updated_at: at }),
    released: { lease_holder: null },
  })
  return {
    /** The stored copy's version (0: none saved yet; undefined: no row). */
    async version(key: string): Promise<number | undefined> {
      const row = await (await db()).selectFrom('practice_copies').select('version').where('key', '=', key).executeTakeFirst()
      return row ? Number(row.version) : undefined
    },
    /** The stored copy and its version; undefined when none was saved. */
    async load(key: string): Promise<{ version: number; data: Buffer } | undefined> {
      const row = await (await db()).selectFrom('practice_copies').select(['version', 'data']).where('key', '=', key).executeTakeFirst()
      if (!row || row.data === null) return undefined
      return { version: Number(row.version), data: Buffer.from(row.data) }
    },
    /** Takes the copy's lease for `holder` for `ms` when it is free or run out (one statement). False when someone else holds it. */
    lease: (key: string, holder: string, ms: number): Promise<boolean> => lease.claim(key, holder, ms),
    /** Extends `holder`'s lease while its request runs; false when it ran out or is someone else's. */
    renew: (key: string, holder: string, ms: number): Promise<boolean> => lease.renew(key, holder, ms),
    /**
     * Saves a new image of the copy while `holder` has the lease: the version goes up by one.
     * Returns the new version, or undefined when the lease was lost (nothing saved).
     */
    async save(key: string, holder: string, data: Buffer): Promise<number | undefined> {
      const row = await (await db())
        .updateTable('practice_copies')
        .set((eb) => ({ data, size: data.length, version: eb('version', '+', 1), updated_at: now() }))
        .where('key', '=', key)
        .where(lease.heldBy(holder))
        .returning('version')
        .executeTakeFirst()
      return row ? Number(row.version) : undefined
    },
    async release(key: string, holder: string): Promise<void> {
      await lease.release(key, holder)
    },
    /**
     * Counts one write of `key` in a window of `windowMs`, in one statement (INSERT … ON CONFLICT …
     * RETURNING), so concurrent writes on every instance are counted exactly; allowed while the
     * window's count is within `quota`.
     */
    async countWrite(key: string, quota: number, windowMs: number): Promise<RateVerdict> {
      const t = now()
      const cutoff = t - windowMs
      const row = await (await db())
        .insertInto('practice_rate')
        .values({ key, window_start: t, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            window_start: sql<number>`CASE WHEN practice_rate.window_start <= ${cutoff} THEN ${t} ELSE practice_rate.window_start END`,
            count: sql<number>`CASE WHEN practice_rate.window_start <= ${cutoff} THEN 1 ELSE practice_rate.count + 1 END`,
          }),
        )
        .returning(['window_start', 'count'])
        .executeTakeFirstOrThrow()
      const count = Number(row.count)
      const resetSeconds = Math.max(1, Math.ceil((Number(row.window_start) + windowMs - t) / 1000))
      return { allowed: count <= quota, resetSeconds, remaining: Math.max(0, quota - count) }
    },
    /** A practice reset: the counters stay (a reset is no way around the limit); the copy goes. */
    async remove(key: string): Promise<void> {
      await (await db()).deleteFrom('practice_copies').where('key', '=', key).execute()
    },
  }
}

export type PracticeCopyStore = ReturnType<typeof practiceCopyStore>
