import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'

/** The lease of one background refresh per stale kept answer, decided by the store. */
const { backends } = storeBackends('zk-budget-refresh-')

describe.each(backends)('refresh leases in the store ($name)', ({ open, skip }) => {
  // The lease itself is the store's (lease.test.ts); this shows the budget uses it: one instance per kept answer, given back by its holder.
  it.skipIf(skip)('gives a kept answer to one of two instances; the other gets it once it is given back or swept', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const b = store.budget
    const takes = await Promise.all(['web-1', 'web-2'].map((h) => b.claimRefresh('list', h, 10_000)))
    expect(takes).toEqual(expect.arrayContaining([true, false]))
    const [winner, other] = takes[0] ? ['web-1', 'web-2'] : ['web-2', 'web-1']
    await b.releaseRefresh('list', other) // not its to give back
    expect(await b.claimRefresh('list', other, 10_000)).toBe(false)
    await b.releaseRefresh('list', winner)
    expect(await b.claimRefresh('list', other, 10_000)).toBe(true)
    // The hourly sweep keeps a lease that holds, and drops a lapsed one.
    await b.sweep()
    expect(await b.claimRefresh('list', winner, 10_000)).toBe(false)
    t += 10_000
    await b.sweep()
    expect(await b.claimRefresh('list', winner, 10_000)).toBe(true)
    await store.close()
  })
})
