import type { Db } from './db'
import { ledgerQueries } from './review-ledger-queries'
import type { ScriptReviewsTable } from './schema'

export type ReviewRow = Omit<ScriptReviewsTable, 'id'> & { id: number }
export type NewReview = Omit<ScriptReviewsTable, 'id'>

/**
 * The page-security review ledger: append-only, one row per review. The ledger of one practice sandbox
 * (its zone keys start with a prefix, see practice/ledger.ts) is thrown away with the practice data
 * when its person resets it (`deletePractice`).
 */
export function reviewStore(db: () => Promise<Db>) {
  const { history, latest, all, add, deletePractice } = ledgerQueries<'script_reviews', ReviewRow, NewReview>(db, 'script_reviews', 'script_id')
  return { history, latest, all, add, deletePractice }
}
