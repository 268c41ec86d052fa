import { sql, type Insertable, type RawBuilder, type SqlBool } from 'kysely'
import type { Db } from './db'
import type { ScriptReviewsTable } from './schema'

/**
 * What the script and connection ledgers (reviews.ts, connection-ledger.ts) and their indexes
 * (script-index.ts, connection-ledger.ts) query alike: an append-only ledger keyed by zone and item id,
 * and an index joined with each item's latest review, filtered, counted and paged by review state.
 */

/** The review states an indexed item can be in against its latest review (shared/page-shield/review.ts). */
export type IndexReviewFilter = 'needs' | 'new' | 'changed'

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m)

export const anyOf = (parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` OR `)})`

/**
 * One `*`-pattern of the hosts / page_url filters as the API reads it (api-notes §5.2), over a
 * lower-cased column: `*` at the start is "ends with", at the end "starts with", at both "contains",
 * none "exact" (so `*.example.com` is a subdomain at any depth, never `example.com.evil.net`).
 * `lines`: the column holds one value a line (page URLs), and the pattern is anchored to a line.
 * Same SQL on SQLite and PostgreSQL (LIKE with an escape; both sides lower case).
 */
export function wildcard(column: string, pattern: string, lines = false): RawBuilder<SqlBool> {
  const p = pattern.toLowerCase()
  const starts = p.startsWith('*')
  const ends = p.length > 1 && p.endsWith('*')
  const core = p.replace(/^\*+/, '').replace(/\*+$/, '')
  if (core === '') return sql<SqlBool>`1 = 1`
  if (!lines && !starts && !ends) return sql<SqlBool>`${sql.ref(column)} = ${core}`
  const text = escapeLike(core)
  if (!lines) return sql<SqlBool>`${sql.ref(column)} LIKE ${`${starts ? '%' : ''}${text}${ends ? '%' : ''}`} ESCAPE '\\'`
  // One line of "\n<line>\n<line>\n": an anchored end is a line break, never across two lines.
  const like = `%${starts ? '' : '\n'}${text}${ends ? '' : '\n'}%`
  return sql<SqlBool>`(${'\n'} || ${sql.ref(column)} || ${'\n'}) LIKE ${like} ESCAPE '\\'`
}

/** `column` contains `text` (LIKE, with the wildcards in `text` taken literally). */
export const contains = (column: string, text: string) => sql<SqlBool>`${sql.ref(column)} LIKE ${'%' + escapeLike(text) + '%'} ESCAPE '\\'`

/** The review filter as a condition on the `state` column ('new' | 'changed' | 'reviewed'); none without a filter. */
export const reviewCondition = (state: RawBuilder<string>, filter: IndexReviewFilter | undefined) =>
  filter === 'needs' ? sql<SqlBool>`${state} <> 'reviewed'` : filter ? sql<SqlBool>`${state} = ${filter}` : undefined

/** How many rows there are, and how many in each review state (select these, read them with `stateCounts`). */
export const stateCountColumns = (state: RawBuilder<string>) => [
  sql<number>`COUNT(*)`.as('total'),
  sql<number>`SUM(CASE WHEN ${state} = 'new' THEN 1 ELSE 0 END)`.as('new'),
  sql<number>`SUM(CASE WHEN ${state} = 'changed' THEN 1 ELSE 0 END)`.as('changed'),
  sql<number>`SUM(CASE WHEN ${state} = 'reviewed' THEN 1 ELSE 0 END)`.as('reviewed'),
]

/** The counts as numbers (PostgreSQL answers COUNT and SUM as text; SUM over no rows is NULL). */
export const stateCounts = (r: { total: unknown; new: unknown; changed: unknown; reviewed: unknown }) => ({
  total: Number(r.total),
  new: Number(r.new ?? 0),
  changed: Number(r.changed ?? 0),
  reviewed: Number(r.reviewed ?? 0),
})

/** The list order: first or last seen, the id breaking ties; `first` (a rank, descending) before both. */
export const seenOrder = (q: { orderBy: 'first_seen_at' | 'last_seen_at'; direction: 'asc' | 'desc' }, id: string, first?: RawBuilder<unknown>) => {
  const dir = q.direction === 'asc' ? sql`ASC` : sql`DESC`
  const seen = sql`${sql.ref(`i.${q.orderBy}`)} ${dir}, ${sql.ref(id)} ASC`
  return first ? sql`${first} DESC, ${seen}` : seen
}

type LedgerTable = 'script_reviews' | 'connection_reviews'
type ItemColumn<T extends LedgerTable> = T extends 'script_reviews' ? 'script_id' : 'connection_id'

/**
 * One append-only review ledger: `table` keyed by `zone_id` (the ledger's zone key) and `item` (the
 * reviewed script's or connection's id). Kysely cannot type a query over a table chosen at run time,
 * so the queries are written against script_reviews and give the rows of `table`.
 */
export function ledgerQueries<T extends LedgerTable, Row, NewRow>(db: () => Promise<Db>, table: T, item: ItemColumn<T>) {
  const t = table as 'script_reviews'
  const id = item as 'script_id'
  const rows = (p: Promise<unknown>) => p as Promise<Row[]>
  return {
    /** Every review of one item, newest first. */
    async history(ledgerKey: string, itemId: string): Promise<Row[]> {
      return rows((await db()).selectFrom(t).selectAll().where('zone_id', '=', ledgerKey).where(id, '=', itemId).orderBy('id', 'desc').execute())
    },
    /** The latest review of each item, newest first. */
    async latest(ledgerKey: string): Promise<Row[]> {
      const d = await db()
      const newest = d.selectFrom(t).select((eb) => eb.fn.max('id').as('id')).where('zone_id', '=', ledgerKey).groupBy(id)
      return rows(d.selectFrom(t).selectAll().where('id', 'in', newest).orderBy('id', 'desc').execute())
    },
    async all(ledgerKey: string): Promise<Row[]> {
      return rows((await db()).selectFrom(t).selectAll().where('zone_id', '=', ledgerKey).orderBy('id').execute())
    },
    /** The newest review id of a ledger key: any new review changes it (a key for cached counts). */
    async add(review: NewRow): Promise<Row> {
      const row = (await db()).insertInto(t).values(review as Insertable<ScriptReviewsTable>).returningAll().executeTakeFirstOrThrow()
      return row as Promise<Row>
    },
    async ledgerMark(ledgerKey: string): Promise<number> {
      const r = await (await db()).selectFrom(t).select((eb) => eb.fn.max('id').as('id')).where('zone_id', '=', ledgerKey).executeTakeFirst()
      return Number(r?.id ?? 0)
    },
    /** A practice ledger (zone keys starting with `prefix`), thrown away with the practice data. Live ledgers never are. */
    async deletePractice(prefix: string): Promise<void> {
      if (!prefix.startsWith('practice:')) throw new Error('Only a practice ledger may be deleted.')
      await (await db()).deleteFrom(t).where('zone_id', 'like', prefix.replace(/[%_\\]/g, '') + '%').execute()
    },
  }
}
