import { describe, expect, it } from 'vitest'
import { migratedUpTo, migrationBackends, storeBackends } from '../../testing/store-backends'
import { createStore, EVERY_ACCOUNT } from '.'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)

/** people_0002: each person's role and zones become one grant for every account, on both backends. */
const migrating = migrationBackends('zk-grants-migration-')

describe.each(migrating)('the grants migration on $name', ({ skip, location }) => {
  it.skipIf(skip)('turns each role and zones into one every-account grant, so old people keep their access everywhere', async () => {
    const loc = await location()
    const { db, error } = await migratedUpTo(loc, 'people_0002-account-grants')
    expect(error).toBeUndefined()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before this migration
    const old = db as any
    const person = (id: string, role: string, zones: string) => ({ id, username: id, display_name: id, role, zones, password_hash: null, disabled: 0, must_change_password: 0, created_at: 1, updated_at: 1 })
    await old.insertInto('people').values([person('ann', 'admin', '*'), person('ben', 'editor', '["shop.example"]')]).execute()
    await db.destroy()

    const store = createStore(loc)
    expect(await store.grants.of('ann')).toEqual([{ account: EVERY_ACCOUNT, role: 'admin', zones: '*' }])
    expect(await store.grants.of('ben')).toEqual([{ account: EVERY_ACCOUNT, role: 'editor', zones: ['shop.example'] }])
    // Any account (and none named) is decided by that grant.
    expect(await store.grants.forAccount('ben', A)).toMatchObject({ role: 'editor', zones: ['shop.example'] })
    expect(await store.grants.forAccount('ben', undefined)).toMatchObject({ role: 'editor' })
    await store.close()
  })
})

const { backends } = storeBackends('zk-grants-')

describe.each(backends)('grants per account on $name', ({ skip, open }) => {
  it.skipIf(skip)('an account’s own grant replaces the every-account one there; none: no access', async () => {
    const store = await open()
    await store.people.add({ username: 'root', displayName: 'Root', role: 'admin', zones: '*', passwordHash: null })
    const sam = (await store.people.add({ username: 'sam', displayName: 'Sam', role: 'viewer', zones: '*', passwordHash: null }))!
    expect(await store.grants.set(sam.id, { account: B, role: 'editor', zones: ['b.example'] })).toBe('ok')
    expect(await store.grants.forAccount(sam.id, B)).toEqual({ account: B, role: 'editor', zones: ['b.example'] })
    expect(await store.grants.forAccount(sam.id, A)).toEqual({ account: EVERY_ACCOUNT, role: 'viewer', zones: '*' })
    expect(await store.grants.remove(sam.id, EVERY_ACCOUNT)).toBe(true)
    expect(await store.grants.forAccount(sam.id, A)).toBeUndefined()
    expect(await store.people.byId(sam.id)).toMatchObject({ role: 'viewer', zones: [] })
    await store.close()
  })

  it.skipIf(skip)('keeps an administrator in each account: the last one there is not demoted, also by a grant of their own', async () => {
    const store = await open()
    const root = (await store.people.add({ username: 'root', displayName: 'Root', role: 'admin', zones: '*', passwordHash: null }))!
    const ada = (await store.people.add({ username: 'ada', displayName: 'Ada', role: 'viewer', zones: '*', passwordHash: null }))!
    expect(await store.grants.set(ada.id, { account: A, role: 'admin', zones: '*' })).toBe('ok')
    // root stays administrator of every account; in A only, root may become a viewer: ada is A's administrator.
    expect(await store.grants.set(root.id, { account: A, role: 'viewer', zones: '*' })).toBe('ok')
    // Now ada is the last administrator in A: her A grant may not go or drop, nor may she be disabled or deleted.
    expect(await store.grants.set(ada.id, { account: A, role: 'editor', zones: '*' })).toBe('last-admin')
    expect(await store.grants.remove(ada.id, A)).toBe('last-admin')
    expect(await store.people.updateKeepingAnAdmin(ada.id, { disabled: true })).toBe('last-admin')
    expect(await store.people.removeKeepingAnAdmin(ada.id)).toBe('last-admin')
    expect(await store.grants.forAccount(ada.id, A)).toMatchObject({ role: 'admin' })
    // root's own A grant going gives A its every-account administrator back; then ada may go.
    expect(await store.grants.remove(root.id, A)).toBe(true)
    expect(await store.grants.remove(ada.id, A)).toBe(true)
    // And every account keeps one: root is the last.
    expect(await store.people.updateKeepingAnAdmin(root.id, { role: 'editor' })).toBe('last-admin')
    expect(await store.grants.set(root.id, { account: EVERY_ACCOUNT, role: 'editor', zones: '*' })).toBe('last-admin')
    await store.close()
  })
})
