import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStore } from '.'
import { NOBODY_RECHECK_MS } from './people'

const person = (username: string) => ({ username, displayName: username, role: 'admin' as const, zones: '*' as const, passwordHash: 'h' })

describe('whether anybody exists (asked on every request while nobody does)', () => {
  it('is yes at once after someone is added through this store', async () => {
    const store = createStore({ dataDir: ':memory:' })
    expect(store.people.anyoneKnown()).toBeUndefined() // never asked: the store must be
    expect(await store.people.anyone()).toBe(false)
    expect(store.people.anyoneKnown()).toBe(false)
    await store.people.add(person('ada'))
    expect(store.people.anyoneKnown()).toBe(true)
    expect(await store.people.anyone()).toBe(true)
    await store.close()
  })

  it('is yes within a second when another instance sharing the store adds the first person', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zk-anyone-'))
    const here = createStore({ dataDir })
    const there = createStore({ dataDir })
    expect(await here.people.anyone()).toBe(false)
    await there.people.add(person('ada'))
    // The "no" just read may still be believed, but not for longer than NOBODY_RECHECK_MS.
    await new Promise((r) => setTimeout(r, NOBODY_RECHECK_MS + 50))
    expect(here.people.anyoneKnown()).toBeUndefined()
    expect(await here.people.anyone()).toBe(true)
    await here.close()
    await there.close()
  })
})
