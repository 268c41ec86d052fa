import type { Db } from './db'

/** Small named values the instances share (for example the first-run setup code's hash). */
export function settingsStore(db: () => Promise<Db>) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await (await db()).selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
      return row?.value
    },
    /** Sets the value only when the key has none yet; returns the value that is stored afterwards. */
    async setIfAbsent(key: string, value: string): Promise<string> {
      const d = await db()
      await d
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute()
      const row = await d.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()
      return row.value
    },
    async deletePrefix(prefix: string): Promise<void> {
      await (
        await db()
      )
        .deleteFrom('settings')
        .where('key', 'like', prefix.replace(/[%_\\]/g, '') + '%')
        .execute()
    },
    async delete(key: string): Promise<void> {
      await (await db()).deleteFrom('settings').where('key', '=', key).execute()
    },
  }
}
