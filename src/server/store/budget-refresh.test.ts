import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'

/** The lease of one background refresh per stale kept answer, decided by the store. */
const { backends } = storeBackends('zk-budget-refresh-')

describe.each(backends)('refresh leases in the store ($name)', ({ open, skip }) => {
  it.skipIf(skip)('gives a kept answer to one instance at a time; a run-out or given-back lease can be taken; kept by the sweep while it holds', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const leases = store.budget
    // Eight instances ask at the same moment: exactly one is told yes.
    const holders = Array.from({ length: 8 }, (_, i) => `instance-${i}`)
    const takes = await Promise.all(holders.map((h) => leases.claimRefresh('list', h, 10_000)))
    expect(takes.filter(Boolean)).toHaveLength(1)
    const winner = holders[takes.indexOf(true)]
    const other = holders.find((h) => h !== winner)!
    // Another kept answer has its own lease; the holder itself is not told yes twice.
    expect(await leases.claimRefresh('zone', other, 10_000)).toBe(true)
    expect(await leases.claimRefresh('list', winner, 10_000)).toBe(false)
    t += 9_999
    expect(await leases.claimRefresh('list', other, 10_000)).toBe(false)
    t += 1 // run out (the holder crashed, or its refresh is done and the answer went stale again)
    expect(await leases.claimRefresh('list', other, 10_000)).toBe(true)
    // Given back only by its holder (a failed refresh): then anyone may take it at once.
    await leases.releaseRefresh('list', winner)
    expect(await leases.claimRefresh('list', winner, 10_000)).toBe(false)
    await leases.releaseRefresh('list', other)
    expect(await leases.claimRefresh('list', winner, 10_000)).toBe(true)
    // The hourly sweep keeps a lease that still holds.
    t += 10_001
    expect(await leases.claimRefresh('zone', other, 5_000)).toBe(true)
    await leases.sweep()
    expect(await leases.claimRefresh('zone', winner, 5_000)).toBe(false)
    await store.close()
  })
})
