import { sql, type Kysely, type Migration } from 'kysely'
import type { Db } from './db'
import { storeLease } from './lease'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

export interface BudgetStateTable {
  /** One row per API credential this deployment spends: `api` the environment's, `credential:<id>` a stored one's. */
  key: string
  quota: number
  window_s: number
  remaining: number
  /** When the service's window resets (ms since the epoch). */
  reset_at: number
  /** When the service said so (ms): the newest figure wins. */
  observed_at: number
  /** Set after a 429: until when the service refuses every call (ms; 0 when not refused). */
  blocked_until: number
}

export interface BudgetUsageTable {
  /** Start of the minute (ms). */
  minute: number
  area: string
  /** Username, or `` for the dashboard's own work (no person). */
  person: string
  calls: number
}

export interface BudgetRefreshTable {
  /** Which kept answer (a hash of the read it answers: accept and path with query). */
  key: string
  /** The instance sending the refresh. */
  holder: string
  /** Until when it holds (ms since the epoch): a crashed holder's lease runs out. */
  lease_until: number
}

export interface BudgetShareTable {
  /** Start of the slot (ms since the epoch; a tenth of the service's window long). */
  slot: number
  /** Username of the person whose calls these are. */
  person: string
  calls: number
}

/** `budget_0003-person-shares`: each person's upstream calls in the current window, every instance's added up. */
export function budgetShareMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('budget_share')
        .addColumn('slot', sql`bigint`, (c) => c.notNull())
        .addColumn('person', 'text', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('budget_share_pk', ['slot', 'person'])
        .execute()
    },
  }
}

/** `budget_0002-refresh-leases`: who refreshes a stale kept answer, one instance for the deployment. */
export function budgetRefreshMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('budget_refresh')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('lease_until', sql`bigint`, (c) => c.notNull())
        .execute()
    },
  }
}

/** `budget_0001-rate-budget`: the shared rate-limit figure and the calls per minute by area and person. */
export function budgetMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('budget_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('quota', 'integer', (c) => c.notNull())
        .addColumn('window_s', 'integer', (c) => c.notNull())
        .addColumn('remaining', 'integer', (c) => c.notNull())
        .addColumn('reset_at', sql`bigint`, (c) => c.notNull())
        .addColumn('observed_at', sql`bigint`, (c) => c.notNull())
        .addColumn('blocked_until', sql`bigint`, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('budget_usage')
        .addColumn('minute', sql`bigint`, (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('person', 'text', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('budget_usage_pk', ['minute', 'area', 'person'])
        .execute()
    },
  }
}

export interface BudgetFigure {
  quota: number
  windowSeconds: number
  remaining: number
  resetAt: number
  observedAt: number
  blockedUntil: number
}

export interface UsageRow {
  minute: number
  area: string
  person: string
  calls: number
}

export interface ShareRow {
  slot: number
  person: string
  calls: number
}

/** Slots older than this are swept (a window is at most 5 minutes). */
export const SHARES_KEPT_MS = 10 * 60_000

/** Usage older than this is swept (the panel shows the last hour). */
export const USAGE_KEPT_MS = 2 * 60 * 60_000

/**
 * The API rate budget shared by every instance: the service's latest figure (whichever instance saw
 * it last: a figure is only replaced by a newer one, decided by the statement, not by memory), and
 * calls per minute added up across instances.
 */
export function budgetStore(db: () => Promise<Db>, now: () => number) {
  // Who refreshes a stale kept answer: the store's one lease (lease.ts), a row per kept answer.
  const refresh = storeLease(db, now, { table: 'budget_refresh', key: 'key', holder: 'holder', until: 'lease_until', insert: () => ({}) })
  return {
    async get(key = 'api'): Promise<BudgetFigure | undefined> {
      const row = await (await db()).selectFrom('budget_state').selectAll().where('key', '=', key).executeTakeFirst()
      if (!row) return undefined
      return {
        quota: Number(row.quota),
        windowSeconds: Number(row.window_s),
        remaining: Number(row.remaining),
        resetAt: Number(row.reset_at),
        observedAt: Number(row.observed_at),
        blockedUntil: Number(row.blocked_until),
      }
    },
    /**
     * Keeps `f` unless the stored figure was observed later (the statement decides, so instances
     * writing out of order never put an older figure over a newer one). The newer figure wins whole:
     * its refusal, or the end of one (an answer with budget left came after it).
     */
    async put(f: BudgetFigure, key = 'api'): Promise<void> {
      await (
        await db()
      )
        .insertInto('budget_state')
        .values({
          key,
          quota: f.quota,
          window_s: f.windowSeconds,
          remaining: f.remaining,
          reset_at: f.resetAt,
          observed_at: f.observedAt,
          blocked_until: f.blockedUntil,
        })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              quota: (eb) => eb.ref('excluded.quota'),
              window_s: (eb) => eb.ref('excluded.window_s'),
              remaining: (eb) => eb.ref('excluded.remaining'),
              reset_at: (eb) => eb.ref('excluded.reset_at'),
              observed_at: (eb) => eb.ref('excluded.observed_at'),
              blocked_until: (eb) => eb.ref('excluded.blocked_until'),
            })
            .where('budget_state.observed_at', '<', f.observedAt),
        )
        .execute()
    },
    /** Adds calls (one statement per row, each an atomic increment). */
    async addUsage(rows: UsageRow[]): Promise<void> {
      if (!rows.length) return
      const d = await db()
      for (const r of rows) {
        await d
          .insertInto('budget_usage')
          .values(r)
          .onConflict((oc) => oc.columns(['minute', 'area', 'person']).doUpdateSet({ calls: sql<number>`budget_usage.calls + ${r.calls}` }))
          .execute()
      }
    },
    async usageSince(since: number): Promise<UsageRow[]> {
      const rows = await (await db()).selectFrom('budget_usage').selectAll().where('minute', '>=', since).orderBy('minute').execute()
      return rows.map((r) => ({ minute: Number(r.minute), area: r.area, person: r.person, calls: Number(r.calls) }))
    },
    /** Adds a person's calls in a slot (one atomic increment per row: instances' counts add up). */
    async addShares(rows: ShareRow[]): Promise<void> {
      if (!rows.length) return
      const d = await db()
      for (const r of rows) {
        await d
          .insertInto('budget_share')
          .values(r)
          .onConflict((oc) => oc.columns(['slot', 'person']).doUpdateSet({ calls: sql<number>`budget_share.calls + ${r.calls}` }))
          .execute()
      }
    },
    async sharesSince(since: number): Promise<ShareRow[]> {
      const rows = await (await db()).selectFrom('budget_share').selectAll().where('slot', '>=', since).execute()
      return rows.map((r) => ({ slot: Number(r.slot), person: r.person, calls: Number(r.calls) }))
    },
    async sweep(): Promise<void> {
      await (await db()).deleteFrom('budget_share').where('slot', '<', now() - SHARES_KEPT_MS).execute()
      await (await db()).deleteFrom('budget_usage').where('minute', '<', now() - USAGE_KEPT_MS).execute()
      await refresh.sweep()
    },
    /**
     * Takes the lease to refresh the kept answer `key` for `ms`, in one statement (INSERT … ON
     * CONFLICT … DO UPDATE … WHERE the lease ran out … RETURNING): of every instance asking at once,
     * exactly one is told yes, and nobody else until the lease runs out or is given back.
     */
    claimRefresh: (key: string, holder: string, ms: number): Promise<boolean> => refresh.claim(key, holder, ms),
    /** Gives the lease back (the refresh failed: another instance may try at once). */
    async releaseRefresh(key: string, holder: string): Promise<void> {
      await refresh.release(key, holder)
    },
  }
}
