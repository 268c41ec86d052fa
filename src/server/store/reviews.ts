import type { Db } from './db'
import { rowCounts } from './page-patterns'
import { ledgerQueries } from './review-ledger-queries'
import type { ScriptReviewsTable } from './schema'

export type ReviewRow = Omit<ScriptReviewsTable, 'id'> & { id: number }
export type NewReview = Omit<ScriptReviewsTable, 'id'>

/**
 * The page-security review ledger: append-only, one row per review. The ledger of one practice sandbox
 * (its zone keys start with a prefix, see practice/ledger.ts) is thrown away with the practice data
 * when its person resets it (`deletePractice`).
 */
export function reviewStore(db: () => Promise<Db>, now: () => number = Date.now) {
  const { history, all, add, deletePractice } = ledgerQueries<'script_reviews', ReviewRow, NewReview>(db, 'script_reviews', 'script_id')
  return {
    history,
    /**
     * The latest review of each script that still counts, newest first: a verdict inherited from a
     * pattern that is removed or expired no longer does (the script's previous review, if any, is its latest).
     */
    async latest(ledgerKey: string): Promise<ReviewRow[]> {
      const d = await db()
      const newest = d.selectFrom('script_reviews').select((eb) => eb.fn.max('id').as('id')).where('zone_id', '=', ledgerKey).where(rowCounts(now())).groupBy('script_id')
      return (await d.selectFrom('script_reviews').selectAll().where('id', 'in', newest).orderBy('id', 'desc').execute()) as ReviewRow[]
    },
    all,
    add,
    /** A practice ledger, and the practising person's payment pages and pattern verdicts with it. */
    async deletePractice(prefix: string): Promise<void> {
      await deletePractice(prefix)
      const like = prefix.replace(/[%_\\]/g, '') + '%'
      const d = await db()
      await d.deleteFrom('script_patterns').where('zone_id', 'like', like).execute()
      await d.deleteFrom('payment_pages').where('zone_id', 'like', like).execute()
    },
  }
}
