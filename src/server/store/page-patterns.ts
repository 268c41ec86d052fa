import { sql, type Generated, type Kysely, type Migration, type Selectable } from 'kysely'
import { isMalicious } from '../../shared/page-shield/malicious'
import { parseScriptPattern, scriptMatches } from '../../shared/page-shield/patterns'
import type { Db } from './db'
import type { Dialect } from './dialect'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/**
 * A zone's payment pages and pattern verdicts (page security, PCI DSS 6.4.3 / 11.6.1), kept per
 * ledger key (the zone, or a practising person's own key, as the review ledger). Neither is ever
 * deleted: removing one records who removed it and when, so the evidence stays.
 *
 * A pattern verdict authorises every script its pattern matches (shared/page-shield/patterns.ts).
 * What a script inherits is written into the review ledger as a review of its own (`pattern_id`
 * set, the pattern's author as reviewer, its justification as note, the script's hash and scores
 * as they were then), so every rule of the ledger holds for it as for an individual review: a new
 * hash or score is "changed since review", the report and the CSV show it. A row of a pattern that
 * is removed or expired no longer counts (`effectiveLatest`): the script falls back to its previous
 * review, or to never reviewed.
 */
export interface PaymentPagesTable {
  id: Generated<number>
  zone_id: string
  pattern: string
  created_by: string
  created_by_id: string | null
  created_at: number
  removed_by: string | null
  removed_at: number | null
}

export interface ScriptPatternsTable {
  id: Generated<number>
  zone_id: string
  pattern: string
  /** Always "expected": a pattern authorises. */
  verdict: string
  justification: string
  created_by: string
  created_by_id: string | null
  created_at: number
  /** ms; null: until removed. */
  expires_at: number | null
  removed_by: string | null
  removed_at: number | null
}

export interface PagePatternTables {
  payment_pages: PaymentPagesTable
  script_patterns: ScriptPatternsTable
}

export type PaymentPageRow = Selectable<PaymentPagesTable>
export type ScriptPatternRow = Selectable<ScriptPatternsTable>

/** page-patterns_0001: the two tables, and which pattern a ledger row was inherited from. */
export function pagePatternsMigration(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('payment_pages')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('pattern', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_by_id', 'text')
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('removed_by', 'text')
        .addColumn('removed_at', bigint)
        .execute()
      await db.schema.createIndex('payment_pages_zone').on('payment_pages').columns(['zone_id', 'id']).execute()
      await db.schema
        .createTable('script_patterns')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('pattern', 'text', (c) => c.notNull())
        .addColumn('verdict', 'text', (c) => c.notNull())
        .addColumn('justification', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_by_id', 'text')
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint)
        .addColumn('removed_by', 'text')
        .addColumn('removed_at', bigint)
        .execute()
      await db.schema.createIndex('script_patterns_zone').on('script_patterns').columns(['zone_id', 'id']).execute()
      await db.schema.alterTable('script_reviews').addColumn('pattern_id', 'integer').execute()
      await db.schema.alterTable('script_reviews').addColumn('pattern', 'text').execute()
    },
  }
}

/**
 * page-patterns_0002: at most one payment page and one pattern verdict in force per zone and
 * (normalised) pattern, decided by the database, so two reviewers or two instances adding the same
 * pattern at once cannot both record it. A removed row stays as the record, so the index covers only
 * the rows not removed. Duplicates recorded before it are folded first: the oldest in force is kept
 * (for a pattern verdict, the oldest not yet expired, as that is the one still granting), the others
 * are marked removed now, by Zonekeeper, naming the row kept.
 */
export function pagePatternsOneInForceMigration(): Migration {
  return {
    async up(db: AnyDb) {
      const at = Date.now()
      for (const table of PATTERN_TABLES) {
        const rows = (await db.selectFrom(table).selectAll().where('removed_at', 'is', null).orderBy('id').execute()) as {
          id: number
          zone_id: string
          pattern: string
          expires_at?: number | string | null
        }[]
        const groups = new Map<string, typeof rows>()
        for (const r of rows) {
          const key = JSON.stringify([r.zone_id, r.pattern])
          groups.set(key, [...(groups.get(key) ?? []), r])
        }
        for (const group of groups.values()) {
          if (group.length < 2) continue
          const granting = (r: (typeof rows)[number]) => r.expires_at === undefined || r.expires_at === null || Number(r.expires_at) > at
          const kept = group.find(granting) ?? group[0]
          await db
            .updateTable(table)
            .set({ removed_at: at, removed_by: `Zonekeeper (a duplicate of #${kept.id})` })
            .where('id', 'in', group.filter((r) => r !== kept).map((r) => Number(r.id)))
            .execute()
        }
        await db.schema.createIndex(`${table}_in_force`).on(table).columns(['zone_id', 'pattern']).unique().where(sql<boolean>`removed_at is null`).execute()
      }
    },
  }
}

const PATTERN_TABLES = ['payment_pages', 'script_patterns'] as const
type PatternTable = (typeof PATTERN_TABLES)[number]

/**
 * A unique index refused the row: SQLite (better-sqlite3) says SQLITE_CONSTRAINT_UNIQUE, PostgreSQL
 * 23505 (unique_violation).
 */
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/** An add: the row recorded, or `conflict` when the same pattern is already in force in the zone. */
export type Added<T> = { ok: true; row: T } | { ok: false; conflict: true }

/** A ledger row counts unless it was inherited from a pattern that is removed or expired at `nowMs`. */
export const rowCounts = (nowMs: number, alias = '') => {
  const col = sql.ref(`${alias ? `${alias}.` : ''}pattern_id`)
  return sql<boolean>`(${col} IS NULL OR ${col} IN (SELECT sp.id FROM script_patterns sp WHERE sp.removed_at IS NULL AND (sp.expires_at IS NULL OR sp.expires_at > ${nowMs})))`
}

/** The newest ledger row of each script that still counts (see `rowCounts`): `lr.script_id`, `lr.id`. */
export const effectiveLatest = (d: Db, ledgerKey: string, nowMs: number) =>
  d
    .selectFrom('script_reviews')
    .select(['script_id', (eb) => eb.fn.max('id').as('id')])
    .where('zone_id', '=', ledgerKey)
    .where(rowCounts(nowMs))
    .groupBy('script_id')
    .as('lr')

const isActive = (p: ScriptPatternRow, nowMs: number) => p.removed_at === null && (p.expires_at === null || Number(p.expires_at) > nowMs)

export function pagePatternStore(db: () => Promise<Db>, now: () => number) {
  const num = <T extends { created_at: unknown; removed_at: unknown }>(r: T) => ({
    ...r,
    created_at: Number(r.created_at),
    removed_at: r.removed_at === null ? null : Number(r.removed_at),
  })
  /** Marks a row of either table removed (kept as the record); false when it is not in force in the zone. */
  const remove = async (table: PatternTable, ledgerKey: string, id: number, by: string, at: number): Promise<boolean> => {
    const r = await (await db())
      .updateTable(table)
      .set({ removed_by: by, removed_at: at })
      .where('zone_id', '=', ledgerKey)
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  }
  /** The insert decides (the unique index `<table>_in_force`): of two adds at once, one is told `conflict`. */
  const insert = async <T>(run: () => Promise<T>): Promise<Added<T>> => {
    try {
      return { ok: true, row: await run() }
    } catch (e) {
      if (isUniqueViolation(e)) return { ok: false, conflict: true }
      throw e
    }
  }
  return {
    paymentPages: {
      /** The zone's payment pages in force, oldest first. */
      async list(ledgerKey: string): Promise<PaymentPageRow[]> {
        const rows = await (await db()).selectFrom('payment_pages').selectAll().where('zone_id', '=', ledgerKey).where('removed_at', 'is', null).orderBy('id').execute()
        return rows.map(num)
      },
      /** Records it, or `conflict` when the zone has this pattern in force already. */
      async add(row: Omit<PaymentPageRow, 'id' | 'removed_by' | 'removed_at'>): Promise<Added<PaymentPageRow>> {
        const d = await db()
        return insert(async () => num(await d.insertInto('payment_pages').values({ ...row, removed_by: null, removed_at: null }).returningAll().executeTakeFirstOrThrow()))
      },
      /** False when there is no such payment page in force. */
      remove: (ledgerKey: string, id: number, by: string, at: number) => remove('payment_pages', ledgerKey, id, by, at),
    },

    patterns: {
      /** Every pattern verdict of the zone (removed ones too: the record), newest first. */
      async list(ledgerKey: string): Promise<ScriptPatternRow[]> {
        const rows = await (await db()).selectFrom('script_patterns').selectAll().where('zone_id', '=', ledgerKey).orderBy('id', 'desc').execute()
        return rows.map((r) => ({ ...num(r), expires_at: r.expires_at === null ? null : Number(r.expires_at) }))
      },
      /**
       * Records it, or `conflict` when the zone has this pattern in force already. An expired row of
       * the same pattern (no longer granting, but not removed, so still under the unique index) is
       * marked removed by this add first: setting a pattern again after it expired replaces it.
       */
      async add(row: Omit<ScriptPatternRow, 'id' | 'removed_by' | 'removed_at'>): Promise<Added<ScriptPatternRow>> {
        const d = await db()
        await d
          .updateTable('script_patterns')
          .set({ removed_by: row.created_by, removed_at: row.created_at })
          .where('zone_id', '=', row.zone_id)
          .where('pattern', '=', row.pattern)
          .where('removed_at', 'is', null)
          .where('expires_at', 'is not', null)
          .where('expires_at', '<=', row.created_at)
          .execute()
        return insert(async () => {
          const r = await d.insertInto('script_patterns').values({ ...row, removed_by: null, removed_at: null }).returningAll().executeTakeFirstOrThrow()
          return { ...num(r), expires_at: r.expires_at === null ? null : Number(r.expires_at) }
        })
      },
      /** False when there is no such pattern verdict in force (not removed). */
      remove: (ledgerKey: string, id: number, by: string, at: number) => remove('script_patterns', ledgerKey, id, by, at),
      /** How many scripts of each pattern currently hold its verdict (their ledger row counts and matches them as they are). */
      async holding(owner: string, ledgerKey: string): Promise<Map<number, number>> {
        const d = await db()
        const rows = await d
          .selectFrom('script_index as i')
          .innerJoin(effectiveLatest(d, ledgerKey, now()), 'lr.script_id', 'i.script_id')
          .innerJoin('script_reviews as r', 'r.id', 'lr.id')
          .where('i.owner', '=', owner)
          .where('r.pattern_id', 'is not', null)
          .where(sql<boolean>`r.script_hash IS NOT DISTINCT FROM i.hash AND r.js_integrity_score IS NOT DISTINCT FROM i.js_integrity_score`)
          .select(['r.pattern_id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('r.pattern_id')
          .execute()
        return new Map(rows.map((r) => [Number(r.pattern_id), Number(r.n)]))
      },
      /** Which patterns grant at `nowMs` (a key for cached counts: an expiry or a removal changes it). */
      async mark(ledgerKey: string): Promise<string> {
        const t = now()
        const rows = await (await db()).selectFrom('script_patterns').selectAll().where('zone_id', '=', ledgerKey).execute()
        return rows
          .filter((p) => isActive(p, t))
          .map((p) => p.id)
          .join(',')
      },
    },

    /**
     * Writes the inherited verdicts of the zone's active patterns (or of `only`) into the ledger, for
     * the indexed scripts (`owner`) they match that are not malicious and:
     * - `present` (a pattern just recorded): are not reviewed as they are now (never reviewed, or
     *   changed since their review): the pattern is a judgement of the code as it is now;
     * - otherwise (each index refresh: scripts seen since): have no review that counts at all. A
     *   script whose inherited verdict went stale (new hash or score) keeps its row, so it stays
     *   "changed since review" until someone reviews it: a pattern never re-approves new code silently.
     * Returns how many scripts inherited a verdict.
     */
    async grant(owner: string, ledgerKey: string, options: { only?: number; present?: boolean } = {}): Promise<number> {
      const t = now()
      const d = await db()
      const patterns = (await d.selectFrom('script_patterns').selectAll().where('zone_id', '=', ledgerKey).orderBy('id').execute())
        .filter((p) => isActive(p, t) && (options.only === undefined || p.id === options.only))
        .map((p) => ({ row: p, parsed: parseScriptPattern(p.pattern) }))
      if (!patterns.length) return 0
      let q = d
        .selectFrom('script_index as i')
        .leftJoin(effectiveLatest(d, ledgerKey, t), 'lr.script_id', 'i.script_id')
        .leftJoin('script_reviews as r', 'r.id', 'lr.id')
        .where('i.owner', '=', owner)
        .select(['i.script_id', 'i.url', 'i.host', 'i.hash', 'i.js_integrity_score'])
      q = options.present
        ? q.where(sql<boolean>`(r.id IS NULL OR r.script_hash IS DISTINCT FROM i.hash OR r.js_integrity_score IS DISTINCT FROM i.js_integrity_score)`)
        : q.where('r.id', 'is', null)
      const grants: { id: string; pattern: ScriptPatternRow }[] = []
      for (const s of await q.execute()) {
        if (isMalicious(s.js_integrity_score)) continue
        const p = patterns.find((p) => p.parsed.ok && scriptMatches(p.parsed, s))
        if (p) grants.push({ id: s.script_id, pattern: p.row })
      }
      const at = new Date(t).toISOString()
      for (let i = 0; i < grants.length; i += 200) {
        const chunk = grants.slice(i, i + 200)
        const rows = await d
          .selectFrom('script_index')
          .select(['script_id', 'url', 'host', 'hash', 'js_integrity_score', 'data'])
          .where('owner', '=', owner)
          .where('script_id', 'in', chunk.map((g) => g.id))
          .execute()
        const byId = new Map(rows.map((r) => [r.script_id, r]))
        const values = chunk.flatMap(({ id, pattern }) => {
          const s = byId.get(id)
          if (!s) return []
          const data = JSON.parse(s.data) as { host?: string; malware_score?: number | null; magecart_score?: number | null; cryptomining_score?: number | null }
          return [
            {
              zone_id: ledgerKey,
              script_id: id,
              verdict: pattern.verdict,
              note: pattern.justification,
              reviewer: pattern.created_by,
              reviewer_id: pattern.created_by_id,
              reviewed_at: at,
              script_url: s.url,
              script_host: data.host ?? s.host,
              script_hash: s.hash,
              js_integrity_score: s.js_integrity_score,
              malware_score: data.malware_score ?? null,
              magecart_score: data.magecart_score ?? null,
              cryptomining_score: data.cryptomining_score ?? null,
              pattern_id: pattern.id,
              pattern: pattern.pattern,
            },
          ]
        })
        if (values.length) await d.insertInto('script_reviews').values(values).execute()
      }
      return grants.length
    },
  }
}
