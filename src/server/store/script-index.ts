import { sql, type Selectable, type SqlBool } from 'kysely'
import { MALICIOUS_JS_INTEGRITY_THRESHOLD } from '../../shared/page-shield/malicious'
import { INVESTIGATE } from '../../shared/page-shield/review'
import type { ScriptIndexCounts as SharedScriptIndexCounts } from '../../shared/schemas/local'
import type { Db } from './db'
import { storeLease } from './lease'
import { anyOf, contains, ledgerQueries, reviewCondition, seenOrder, stateCountColumns, stateCounts, wildcard, type IndexReviewFilter } from './review-ledger-queries'
import type { ScriptIndexStateTable, ScriptIndexTable } from './schema'
import { effectiveLatest } from './page-patterns'

export type ScriptIndexRow = ScriptIndexTable
export type ScriptIndexState = Selectable<ScriptIndexStateTable>

export type { IndexReviewFilter }

export interface ScriptIndexQuery {
  /** The statuses kept (empty: all). */
  statuses: readonly string[]
  /** Host patterns (`*` at either end), any of them. */
  hosts?: readonly string[]
  /** The URL contains any of these. */
  urls?: readonly string[]
  /** Page URL patterns (`*` at either end), any of them against any page of the script. */
  pageUrls?: readonly string[]
  maliciousOnly?: boolean
  review?: IndexReviewFilter
  orderBy: 'first_seen_at' | 'last_seen_at'
  direction: 'asc' | 'desc'
  maliciousFirst?: boolean
}

/** The counts the scripts index answers the page (one declaration, in the shared view types), and the matching ids when asked. */
export type ScriptIndexCounts = SharedScriptIndexCounts & { ids?: readonly string[] }

/**
 * The index of a zone's detected scripts, kept by the dashboard and joined with the review
 * ledger, so "never reviewed", "changed since review", malicious-only and their counts cover the
 * whole zone. `owner` keeps modes and practising people apart; `ledgerKey` is the ledger's zone key.
 */
export function scriptIndexStore(db: () => Promise<Db>, now: () => number = Date.now) {
  // One refresher per owner: the store's one lease (lease.ts) on the owner's state row. Callers give the time.
  const lease = storeLease(db, Date.now, {
    table: 'script_index_state',
    key: 'owner',
    holder: 'lease_holder',
    until: 'lease_until',
    insert: () => ({ refreshed_at: 0, full_sweep_at: 0, sweep: 0 }),
  })
  /** The matching scripts with their review state (`state`) and latest review that counts (`r_*`, see page-patterns.ts). */
  const base = async (owner: string, ledgerKey: string, q: ScriptIndexQuery) => {
    const d = await db()
    const latest = effectiveLatest(d, ledgerKey, now())
    let query = d
      .selectFrom('script_index as i')
      .leftJoin(latest, 'lr.script_id', 'i.script_id')
      .leftJoin('script_reviews as r', 'r.id', 'lr.id')
      .where('i.owner', '=', owner)
    if (q.statuses.length) query = query.where('i.status', 'in', [...q.statuses])
    if (q.hosts?.length) query = query.where(anyOf(q.hosts.map((h) => wildcard('i.host', h))))
    if (q.urls?.length) query = query.where(anyOf(q.urls.map((u) => contains('i.url', u))))
    if (q.pageUrls?.length) query = query.where(anyOf(q.pageUrls.map((p) => wildcard('i.page_urls', p, true))))
    if (q.maliciousOnly) query = query.where('i.js_integrity_score', '<', MALICIOUS_JS_INTEGRITY_THRESHOLD)
    const state = sql<string>`CASE WHEN r.id IS NULL THEN 'new'
      WHEN r.script_hash IS DISTINCT FROM i.hash OR r.js_integrity_score IS DISTINCT FROM i.js_integrity_score THEN 'changed'
      ELSE 'reviewed' END`
    return { query, state }
  }

  return {
    async state(owner: string): Promise<ScriptIndexState | undefined> {
      return (await db()).selectFrom('script_index_state').selectAll().where('owner', '=', owner).executeTakeFirst()
    },

    /** Takes the refresh lease of an owner for `holder` from `now` for `ms` when it is free: one refresher at a time, decided by the store. */
    claim: (owner: string, holder: string, now: number, ms: number): Promise<boolean> => lease.claim(owner, holder, ms, { at: now }),
    /** Extends `holder`'s refresh lease to `ms` past `now` while the refresh goes on: false when it lapsed or is no longer `holder`'s. */
    renew: (owner: string, holder: string, now: number, ms: number): Promise<boolean> => lease.renew(owner, holder, ms, { at: now }),

    /**
     * Ends `holder`'s refresh (and its lease): how fresh the index now is; a finished full sweep drops
     * the scripts it did not see. Nothing changes when the lease is no longer `holder`'s.
     */
    async finish(owner: string, holder: string, done: { now: number; sweep?: number }): Promise<boolean> {
      const d = await db()
      return d.transaction().execute(async (tx) => {
        const set = done.sweep !== undefined ? { refreshed_at: done.now, full_sweep_at: done.now, sweep: done.sweep } : { refreshed_at: done.now }
        if (!(await lease.release(owner, holder, { set, on: tx }))) return false
        if (done.sweep !== undefined) await tx.deleteFrom('script_index').where('owner', '=', owner).where('sweep', '<', done.sweep).execute()
        return true
      })
    },

    /** How far a build has read the list (shown while the index has never been read whole). */
    async progress(owner: string, seen: number, total: number): Promise<void> {
      await (await db()).updateTable('script_index_state').set({ progress_seen: seen, progress_total: total }).where('owner', '=', owner).execute()
    },

    /** Gives `holder`'s lease back without recording a refresh (it failed). */
    async release(owner: string, holder: string): Promise<void> {
      await lease.release(owner, holder)
    },

    async count(owner: string): Promise<number> {
      const r = await (await db())
        .selectFrom('script_index')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner', '=', owner)
        .executeTakeFirstOrThrow()
      return Number(r.n)
    },

    /** Every script's page URLs (lower case, one a line): payment pages are matched against them. */
    async pages(owner: string) {
      return (await db()).selectFrom('script_index').select(['script_id', 'page_urls']).where('owner', '=', owner).execute()
    },

    /** What the index holds of these scripts (to tell where an incremental read can stop). */
    async known(owner: string, ids: readonly string[]) {
      if (!ids.length) return []
      return (await db())
        .selectFrom('script_index')
        .select(['script_id', 'last_seen_at', 'hash', 'js_integrity_score', 'status'])
        .where('owner', '=', owner)
        .where('script_id', 'in', [...ids])
        .execute()
    },

    async upsert(rows: readonly ScriptIndexRow[]): Promise<void> {
      if (!rows.length) return
      const d = await db()
      for (let i = 0; i < rows.length; i += 200) {
        await d
          .insertInto('script_index')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['owner', 'script_id']).doUpdateSet((eb) => ({
              url: eb.ref('excluded.url'),
              host: eb.ref('excluded.host'),
              status: eb.ref('excluded.status'),
              hash: eb.ref('excluded.hash'),
              js_integrity_score: eb.ref('excluded.js_integrity_score'),
              reported: eb.ref('excluded.reported'),
              first_seen_at: eb.ref('excluded.first_seen_at'),
              last_seen_at: eb.ref('excluded.last_seen_at'),
              page_urls: eb.ref('excluded.page_urls'),
              data: eb.ref('excluded.data'),
              sweep: eb.ref('excluded.sweep'),
              checked_at: eb.ref('excluded.checked_at'),
            })),
          )
          .execute()
      }
    },

    /** Reviewed scripts of the index, least recently read first (each is read again on its own). */
    async reviewedToCheck(owner: string, ledgerKey: string, limit: number): Promise<string[]> {
      const d = await db()
      const rows = await d
        .selectFrom('script_index as i')
        .select('i.script_id')
        .where('i.owner', '=', owner)
        .where('i.script_id', 'in', d.selectFrom('script_reviews').select('script_id').where('zone_id', '=', ledgerKey))
        .orderBy('i.checked_at', 'asc')
        .limit(limit)
        .execute()
      return rows.map((r) => r.script_id)
    },

    /** The ledger's newest review id of a zone key: any new review changes it (a key for cached counts). */
    ledgerMark: ledgerQueries(db, 'script_reviews', 'script_id').ledgerMark,

    /** Exact counts of the scripts matching `q` (its review filter aside): review states and malicious. */
    async counts(owner: string, ledgerKey: string, q: ScriptIndexQuery & { ids?: readonly string[] }): Promise<ScriptIndexCounts> {
      const { query: all, state } = await base(owner, ledgerKey, q)
      const query = q.ids ? all.where('i.script_id', 'in', q.ids.length ? [...q.ids] : ['']) : all
      const r = await query
        .select([
          ...stateCountColumns(state),
          sql<number>`SUM(CASE WHEN ${state} = 'reviewed' AND r.verdict = ${INVESTIGATE} THEN 1 ELSE 0 END)`.as('investigating'),
          sql<number>`SUM(CASE WHEN i.js_integrity_score < ${MALICIOUS_JS_INTEGRITY_THRESHOLD} THEN 1 ELSE 0 END)`.as('malicious'),
          sql<number>`SUM(CASE WHEN ${state} = 'reviewed' AND r.verdict <> ${INVESTIGATE} AND r.pattern_id IS NOT NULL THEN 1 ELSE 0 END)`.as('by_pattern'),
        ])
        .executeTakeFirstOrThrow()
      const counts = stateCounts(r)
      const investigating = Number(r.investigating ?? 0)
      return {
        ...counts,
        reviewed: counts.reviewed - investigating,
        investigating,
        malicious: Number(r.malicious ?? 0),
        by_pattern: Number(r.by_pattern ?? 0),
      }
    },

    /** One page of the scripts matching `q` (review filter included), in its order (how many: `counts`). */
    async page(owner: string, ledgerKey: string, q: ScriptIndexQuery & { ids?: readonly string[] }, offset: number, limit: number) {
      const { query: all, state } = await base(owner, ledgerKey, q)
      // "Investigate" is a verdict that someone still has to look: such a script still needs review.
      const cond = q.review === 'needs' ? sql<SqlBool>`(${state} <> 'reviewed' OR r.verdict = ${INVESTIGATE})` : reviewCondition(state, q.review)
      const filtered = cond ? all.where(cond) : all
      const query = q.ids ? filtered.where('i.script_id', 'in', q.ids.length ? [...q.ids] : ['']) : filtered
      const rank = sql`CASE WHEN i.js_integrity_score < ${MALICIOUS_JS_INTEGRITY_THRESHOLD} THEN 2 WHEN i.reported = 1 THEN 1 ELSE 0 END`
      const order = seenOrder(q, 'i.script_id', q.maliciousFirst ? rank : undefined)
      // Deferred join: the page's ids from the covering index alone, then only those rows in full.
      const ids = (await query.select('i.script_id').orderBy(order).offset(offset).limit(limit).execute()).map((r) => r.script_id)
      if (!ids.length) return []
      const { query: rowsOf } = await base(owner, ledgerKey, { ...q, statuses: [] })
      const rows = await rowsOf
        .where('i.script_id', 'in', ids)
        .select([
          'i.data',
          'i.script_id',
          state.as('state'),
          'r.id as review_id',
          'r.verdict',
          'r.note',
          'r.reviewer',
          'r.reviewed_at',
          'r.script_hash as review_hash',
          'r.js_integrity_score as review_score',
          'r.pattern_id as review_pattern_id',
          'r.pattern as review_pattern',
        ])
        .execute()
      const at = new Map(ids.map((id, i) => [id, i]))
      return rows.sort((a, b) => at.get(a.script_id)! - at.get(b.script_id)!)
    },

    /** Throws away a practising person's index with their practice data (owners `practice:practice:<key>:…`). */
    async deleteOwnerPrefix(prefix: string): Promise<void> {
      if (!prefix.startsWith('practice:')) throw new Error('Only a practice index may be deleted.')
      const like = prefix.replace(/[%_\\]/g, '') + '%'
      const d = await db()
      await d.deleteFrom('script_index').where('owner', 'like', like).execute()
      await d.deleteFrom('script_index_state').where('owner', 'like', like).execute()
    },
  }
}
