import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'

/**
 * The script and connection indexes' refresh lease is the store's (lease.ts, tested in lease.test.ts):
 * this shows each index uses it: of two refreshers one wins, and only it ends or gives back the refresh.
 */
const { backends } = storeBackends('zk-index-lease-')

describe.each(backends)('the index refresh leases on $name', ({ open, skip }) => {
  it.skipIf(skip)('give an owner\'s refresh to one of two refreshers; only the winner records it or gives it back', async () => {
    const store = await open()
    for (const idx of [store.scriptIndex, store.connections]) {
      const t = 1_000_000
      const takes = await Promise.all(['r-1', 'r-2'].map((h) => idx.claim('live:z1', h, t, 30_000)))
      expect(takes).toEqual(expect.arrayContaining([true, false]))
      const [winner, loser] = takes[0] ? ['r-1', 'r-2'] : ['r-2', 'r-1']
      expect(await idx.finish('live:z1', loser, { now: t + 1, sweep: 1, complete: true })).toBe(false)
      await idx.release('live:z1', loser)
      expect(await idx.claim('live:z1', loser, t + 2, 30_000)).toBe(false)
      expect((await idx.state('live:z1'))?.refreshed_at).toBe(0)
      expect(await idx.finish('live:z1', winner, { now: t + 3, sweep: 1, complete: true })).toBe(true)
      expect((await idx.state('live:z1'))?.refreshed_at).toBe(t + 3)
      // Ended: the next refresh may start at once.
      expect(await idx.claim('live:z1', loser, t + 4, 30_000)).toBe(true)
    }
    await store.close()
  })
})
