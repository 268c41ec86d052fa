import { describe, expect, it } from 'vitest'
import { migratedUpTo, migrationBackends } from '../../testing/store-backends'
import { createStore } from '.'

/** people_0001: the addresses kept beside "may propose" move onto the person, on both backends. */
const backends = migrationBackends('zk-people-email-')

describe.each(backends)('the e-mail migration on $name', ({ skip, location }) => {
  it.skipIf(skip)('carries each address over as an administrator’s, and leaves the switch beside it', async () => {
    const loc = await location()
    const { db, error } = await migratedUpTo(loc, 'people_0001-email')
    expect(error).toBeUndefined()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before this migration
    const old = db as any
    const person = (id: string) => ({ id, username: id, display_name: id, role: 'viewer', zones: '*', password_hash: null, disabled: 0, must_change_password: 0, created_at: 1, updated_at: 1 })
    await old.insertInto('people').values([person('ann'), person('ben'), person('cal')]).execute()
    await old.insertInto('change_request_people').values([{ person_id: 'ann', may_propose: 1, email: 'Ann@example.com' }, { person_id: 'ben', may_propose: 0, email: null }]).execute()
    await db.destroy()

    const store = createStore(loc)
    expect(await store.people.byId('ann')).toMatchObject({ email: 'Ann@example.com', emailSource: 'admin' })
    expect(await store.people.byId('ben')).toMatchObject({ email: null, emailSource: null })
    expect(await store.people.byId('cal')).toMatchObject({ email: null, emailSource: null })
    expect(await store.changeRequests.person('ann')).toEqual({ mayPropose: true, email: 'Ann@example.com' })
    expect(await store.changeRequests.person('ben')).toEqual({ mayPropose: false, email: null })
    await store.close()
  })
})
