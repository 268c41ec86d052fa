import type { Db } from './db'
import type { ScriptReviewsTable } from './schema'

export type ReviewRow = Omit<ScriptReviewsTable, 'id'> & { id: number }
export type NewReview = Omit<ScriptReviewsTable, 'id'>

/** The page-security review ledger: append-only, one row per review. */
export function reviewStore(db: () => Promise<Db>) {
  return {
    async history(zoneId: string, scriptId: string): Promise<ReviewRow[]> {
      return (await db())
        .selectFrom('script_reviews')
        .selectAll()
        .where('zone_id', '=', zoneId)
        .where('script_id', '=', scriptId)
        .orderBy('id', 'desc')
        .execute()
    },
    /** The latest review of each script in a zone, newest first. */
    async latest(zoneId: string): Promise<ReviewRow[]> {
      const d = await db()
      const newest = d
        .selectFrom('script_reviews')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('zone_id', '=', zoneId)
        .groupBy('script_id')
      return d.selectFrom('script_reviews').selectAll().where('id', 'in', newest).orderBy('id', 'desc').execute()
    },
    async all(zoneId: string): Promise<ReviewRow[]> {
      return (await db()).selectFrom('script_reviews').selectAll().where('zone_id', '=', zoneId).orderBy('id').execute()
    },
    async add(review: NewReview): Promise<ReviewRow> {
      return (await db()).insertInto('script_reviews').values(review).returningAll().executeTakeFirstOrThrow()
    },
    /**
     * The ledger of one practice sandbox (its zone keys start with `prefix`, see practice/ledger.ts),
     * thrown away with the practice data when its person resets it. Live ledgers are never deleted.
     */
    async deletePractice(prefix: string): Promise<void> {
      if (!prefix.startsWith('practice:')) throw new Error('Only a practice ledger may be deleted.')
      await (await db()).deleteFrom('script_reviews').where('zone_id', 'like', prefix.replace(/[%_\\]/g, '') + '%').execute()
    },
  }
}
