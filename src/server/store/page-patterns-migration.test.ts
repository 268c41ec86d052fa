import { describe, expect, it } from 'vitest'
import { migratedUpTo, migrationBackends } from '../../testing/store-backends'
import { createStore } from '.'

/**
 * page-patterns_0002: duplicates recorded before the unique index do not stop it; the oldest in force
 * (for a pattern verdict, the oldest still granting) is kept, the others marked removed.
 */
const backends = migrationBackends('zk-page-patterns-mig-')

describe.each(backends)('the one-in-force migration on $name', ({ skip, location }) => {
  it.skipIf(skip)('folds duplicates in force into the oldest, keeps removed rows and other zones as they were', async () => {
    const loc = await location()
    const { db, error } = await migratedUpTo(loc, 'page-patterns_0002-one-in-force')
    expect(error).toBeUndefined()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before this migration
    const old = db as any
    const by = { created_by: 'Rita (rita)', created_by_id: null }
    const page = (zone: string, pattern: string, at: number, removed = false) => ({ zone_id: zone, pattern, ...by, created_at: at, removed_by: removed ? 'Ann (ann)' : null, removed_at: removed ? at + 1 : null })
    await old
      .insertInto('payment_pages')
      .values([page('a', 'shop.test/pay/*', 1, true), page('a', 'shop.test/pay/*', 2), page('a', 'shop.test/pay/*', 3), page('b', 'shop.test/pay/*', 4), page('a', 'shop.test/other/*', 5)])
      .execute()
    const pat = (pattern: string, at: number, expires: number | null) => ({ zone_id: 'a', pattern, verdict: 'expected', justification: 'j', ...by, created_at: at, expires_at: expires, removed_by: null, removed_at: null })
    // The oldest of js.test expired long ago: the one kept is the oldest still granting.
    await old.insertInto('script_patterns').values([pat('js.test', 1, 2), pat('js.test', 3, null), pat('js.test', 4, null), pat('cdn.test', 5, null)]).execute()
    await db.destroy()

    const store = createStore(loc)
    expect((await store.pagePatterns.paymentPages.list('a')).map((p) => [p.pattern, p.created_at])).toEqual([
      ['shop.test/pay/*', 2],
      ['shop.test/other/*', 5],
    ])
    expect((await store.pagePatterns.paymentPages.list('b')).map((p) => p.created_at)).toEqual([4])
    const patterns = (await store.pagePatterns.patterns.list('a')).map((p) => [p.id, p.pattern, p.removed_by])
    expect(patterns).toEqual([
      [4, 'cdn.test', null],
      [3, 'js.test', 'Zonekeeper (a duplicate of #2)'],
      [2, 'js.test', null],
      [1, 'js.test', 'Zonekeeper (a duplicate of #2)'],
    ])
    // And the index holds from now on.
    expect((await store.pagePatterns.paymentPages.add({ zone_id: 'a', pattern: 'shop.test/pay/*', ...by, created_at: 9 })).ok).toBe(false)
    await store.close()
  })
})
