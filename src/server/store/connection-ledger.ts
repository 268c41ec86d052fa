import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely'
import { INVESTIGATE } from '../../shared/page-shield/review'
import type { Db } from './db'
import { storeLease } from './lease'
import type { ConnectionIndexStateTable, ConnectionIndexTable, ConnectionReviewsTable } from './connection-ledger-schema'
import { anyOf, contains, ledgerQueries, reviewCondition, seenOrder, stateCountColumns, stateCounts, wildcard, type IndexReviewFilter } from './review-ledger-queries'
import type { ConnectionIndexCounts } from '../../shared/schemas/local'

export type ConnectionReviewRow = Selectable<ConnectionReviewsTable>
export type NewConnectionReview = Omit<Insertable<ConnectionReviewsTable>, 'id'>
export type ConnectionIndexRow = ConnectionIndexTable
export type ConnectionIndexState = ConnectionIndexStateTable
export type ConnectionReviewFilter = IndexReviewFilter

export interface ConnectionIndexQuery {
  statuses: readonly string[]
  /** Host patterns (`*` at either end), any of them. */
  hosts?: readonly string[]
  /** The URL contains any of these. */
  urls?: readonly string[]
  review?: ConnectionReviewFilter
  orderBy: 'first_seen_at' | 'last_seen_at'
  direction: 'asc' | 'desc'
  reportedFirst?: boolean
  /** Only these connections (a page filter, answered by the API). */
  ids?: readonly string[]
}

// The counts are what the connections index answers the page: one declaration, in the shared view types.
export type { ConnectionIndexCounts }

/**
 * Verdicts on connections (append-only, one row per review) and the index of a zone's connections
 * they are joined with: a connection "changed since review" when its threat fingerprint differs from
 * the one its latest review recorded. `owner` and `ledgerKey` as in script-index.ts.
 */
export function connectionLedgerStore(db: () => Promise<Db>) {
  const ledger = ledgerQueries<'connection_reviews', ConnectionReviewRow, NewConnectionReview>(db, 'connection_reviews', 'connection_id')
  // One refresher per owner: the store's one lease (lease.ts) on the owner's state row. Callers give the time.
  const lease = storeLease(db, Date.now, { table: 'connection_index_state', key: 'owner', holder: 'lease_holder', until: 'lease_until', insert: () => ({ refreshed_at: 0, sweep: 0 }) })
  const latestIds = (d: Db, ledgerKey: string) =>
    d
      .selectFrom('connection_reviews')
      .select(['connection_id', (eb) => eb.fn.max('id').as('id')])
      .where('zone_id', '=', ledgerKey)
      .groupBy('connection_id')

  const base = async (owner: string, ledgerKey: string, q: ConnectionIndexQuery) => {
    const d = await db()
    let query = d
      .selectFrom('connection_index as i')
      .leftJoin(latestIds(d, ledgerKey).as('lr'), 'lr.connection_id', 'i.connection_id')
      .leftJoin('connection_reviews as r', 'r.id', 'lr.id')
      .where('i.owner', '=', owner)
    if (q.statuses.length) query = query.where('i.status', 'in', [...q.statuses])
    if (q.hosts?.length) query = query.where(anyOf(q.hosts.map((h) => wildcard('i.host', h))))
    if (q.urls?.length) query = query.where(anyOf(q.urls.map((u) => contains('i.url', u))))
    if (q.ids) query = query.where('i.connection_id', 'in', q.ids.length ? [...q.ids] : [''])
    const state = sql<string>`CASE WHEN r.id IS NULL THEN 'new' WHEN r.threat <> i.threat THEN 'changed' ELSE 'reviewed' END`
    return { query, state }
  }

  return {
    history: ledger.history,
    /** The latest review of each connection, newest first. */
    latest: ledger.latest,
    all: ledger.all,
    add: ledger.add,
    /** The newest review id of a ledger key (a key for cached counts). */
    ledgerMark: ledger.ledgerMark,

    async state(owner: string): Promise<ConnectionIndexState | undefined> {
      return (await db()).selectFrom('connection_index_state').selectAll().where('owner', '=', owner).executeTakeFirst()
    },
    /** Takes the refresh lease of an owner for `holder` from `now` for `ms` when it is free: one refresher at a time, decided by the store. */
    claim: (owner: string, holder: string, now: number, ms: number): Promise<boolean> => lease.claim(owner, holder, ms, { at: now }),
    /** Extends `holder`'s refresh lease to `ms` past `now` while the refresh goes on: false when it lapsed or is no longer `holder`'s. */
    renew: (owner: string, holder: string, now: number, ms: number): Promise<boolean> => lease.renew(owner, holder, ms, { at: now }),
    async upsert(rows: readonly ConnectionIndexRow[]): Promise<void> {
      const d = await db()
      for (let i = 0; i < rows.length; i += 200) {
        await d
          .insertInto('connection_index')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['owner', 'connection_id']).doUpdateSet((eb) => ({
              url: eb.ref('excluded.url'),
              host: eb.ref('excluded.host'),
              status: eb.ref('excluded.status'),
              reported: eb.ref('excluded.reported'),
              threat: eb.ref('excluded.threat'),
              first_seen_at: eb.ref('excluded.first_seen_at'),
              last_seen_at: eb.ref('excluded.last_seen_at'),
              data: eb.ref('excluded.data'),
              sweep: eb.ref('excluded.sweep'),
            })),
          )
          .execute()
      }
    },
    /** Ends `holder`'s refresh (and its lease); a complete one drops the connections it did not see. Nothing changes when the lease is no longer `holder`'s. */
    async finish(owner: string, holder: string, done: { now: number; sweep: number; complete: boolean }): Promise<boolean> {
      return (await db()).transaction().execute(async (tx) => {
        if (!(await lease.release(owner, holder, { set: { refreshed_at: done.now, sweep: done.sweep }, on: tx }))) return false
        if (done.complete) await tx.deleteFrom('connection_index').where('owner', '=', owner).where('sweep', '<', done.sweep).execute()
        return true
      })
    },
    /** Gives `holder`'s lease back without recording a refresh (it failed). */
    async release(owner: string, holder: string): Promise<void> {
      await lease.release(owner, holder)
    },

    /** Exact counts of the connections matching `q` (its review filter aside). */
    async counts(owner: string, ledgerKey: string, q: ConnectionIndexQuery): Promise<ConnectionIndexCounts> {
      const { query, state } = await base(owner, ledgerKey, q)
      const r = await query
        .select([
          ...stateCountColumns(state),
          sql<number>`SUM(CASE WHEN ${state} = 'reviewed' AND r.verdict = ${INVESTIGATE} THEN 1 ELSE 0 END)`.as('investigating'),
          sql<number>`SUM(i.reported)`.as('reported'),
        ])
        .executeTakeFirstOrThrow()
      const counts = stateCounts(r)
      const investigating = Number(r.investigating ?? 0)
      return { ...counts, reviewed: counts.reviewed - investigating, investigating, reported: Number(r.reported ?? 0) }
    },
    /** One page of the connections matching `q`, review filter included, with each one's latest review. */
    async page(owner: string, ledgerKey: string, q: ConnectionIndexQuery, offset: number, limit: number) {
      const { query, state } = await base(owner, ledgerKey, q)
      // "Investigate" is a verdict that someone still has to look: such a connection still needs review (as scripts).
      const cond = q.review === 'needs' ? sql<SqlBool>`(${state} <> 'reviewed' OR r.verdict = ${INVESTIGATE})` : reviewCondition(state, q.review)
      const filtered = cond ? query.where(cond) : query
      const order = seenOrder(q, 'i.connection_id', q.reportedFirst ? sql`i.reported` : undefined)
      return filtered
        .select(['i.data', 'i.connection_id', state.as('state'), 'r.id as review_id', 'r.verdict', 'r.reviewer', 'r.reviewed_at'])
        .orderBy(order)
        .offset(offset)
        .limit(limit)
        .execute()
    },
    /** Throws away a practising person's ledger and index with their practice data. */
    async deletePractice(prefix: string): Promise<void> {
      if (!prefix.startsWith('practice:')) throw new Error('Only a practice ledger may be deleted.')
      await ledger.deletePractice(prefix)
      const like = prefix.replace(/[%_\\]/g, '') + '%'
      const d = await db()
      await d.deleteFrom('connection_index').where('owner', 'like', 'practice:' + like).execute()
      await d.deleteFrom('connection_index_state').where('owner', 'like', 'practice:' + like).execute()
    },
  }
}
