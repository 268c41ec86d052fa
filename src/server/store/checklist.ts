import type { Db } from './db'

/**
 * Newcomer checklist progress, per person: which tasks they have done and when. Ticked by
 * the server when it sees a task done; kept across sign-outs, restarts and practice resets.
 */
export function checklistStore(db: () => Promise<Db>, now: () => number) {
  return {
    /** Marks a task done (the first time counts; again is a no-op). */
    async mark(personKey: string, task: string): Promise<void> {
      await (
        await db()
      )
        .insertInto('checklist_progress')
        .values({ person_key: personKey, task, done_at: now() })
        .onConflict((oc) => oc.columns(['person_key', 'task']).doNothing())
        .execute()
    },
    /** Task → when it was done (milliseconds). */
    async done(personKey: string): Promise<Map<string, number>> {
      const rows = await (
        await db()
      )
        .selectFrom('checklist_progress')
        .select(['task', 'done_at'])
        .where('person_key', '=', personKey)
        .execute()
      return new Map(rows.map((r) => [r.task, Number(r.done_at)]))
    },
    /** Starts the checklist again. */
    async clear(personKey: string): Promise<void> {
      await (await db()).deleteFrom('checklist_progress').where('person_key', '=', personKey).execute()
    },
  }
}
