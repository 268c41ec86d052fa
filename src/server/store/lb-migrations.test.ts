import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { Store } from '.'

const { backends } = storeBackends('zk-lbm-')
const A = 'a'.repeat(32)
const B = 'b'.repeat(32)

describe.each(backends)('load-balancing migrations on $name', ({ skip, open }) => {
  let clock = 5_000
  let store: Store
  beforeAll(async () => {
    if (skip) return
    store = await open(() => clock)
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('keeps one state per account, replaced on every save, and forgets it', async () => {
    expect(await store.lbMigrations.get(A)).toBeUndefined()
    await store.lbMigrations.put(A, { step: 'creating', log: [] }, 'Ada (ada)')
    clock = 6_000
    await store.lbMigrations.put(B, { step: 'done' }, 'Bo (bo)')
    clock = 7_000
    const log = [{ type: 'page-cleared', page: 1, pools: 2, names: ['pool-a', 'pool-b'] }]
    await store.lbMigrations.put(A, { step: 'clearing', log }, 'Cy (cy)')
    expect(await store.lbMigrations.get(A)).toEqual({
      accountId: A,
      state: { step: 'clearing', log },
      updatedAt: 7_000,
      updatedBy: 'Cy (cy)',
    })
    expect((await store.lbMigrations.get(B))?.state).toEqual({ step: 'done' })
    expect(await store.lbMigrations.remove(A)).toBe(true)
    expect(await store.lbMigrations.remove(A)).toBe(false)
    expect(await store.lbMigrations.get(A)).toBeUndefined()
    expect(await store.lbMigrations.get(B)).toBeDefined()
  })

  it.skipIf(skip)(
    'saves only over the state the caller last saw (another browser or instance saved meanwhile: conflict)',
    async () => {
      const C = 'c'.repeat(32)
      const first = await store.lbMigrations.put(C, { step: 'creating' }, 'Ada (ada)', null)
      if (!('saved' in first)) throw new Error('the first save of an account expects none and is written')
      expect(await store.lbMigrations.put(C, { step: 'creating' }, 'Bo (bo)', null)).toEqual({ conflict: first.saved })
      // Same millisecond: the stamp still moves on, so a stale stamp is told apart.
      const second = await store.lbMigrations.put(C, { step: 'clearing' }, 'Ada (ada)', first.saved.updatedAt)
      if (!('saved' in second)) throw new Error('saved over the stamp it read')
      expect(second.saved.updatedAt).toBeGreaterThan(first.saved.updatedAt)
      const stale = await store.lbMigrations.put(C, { step: 'done' }, 'Bo (bo)', first.saved.updatedAt)
      expect(stale).toEqual({
        conflict: { accountId: C, state: { step: 'clearing' }, updatedAt: second.saved.updatedAt, updatedBy: 'Ada (ada)' },
      })
      await store.lbMigrations.remove(C)
      expect(await store.lbMigrations.put(C, { step: 'done' }, 'Bo (bo)', second.saved.updatedAt)).toEqual({
        conflict: undefined,
      })
    },
  )
})
