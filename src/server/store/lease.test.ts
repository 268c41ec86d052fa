import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { Store } from '.'

/**
 * The store's one lease (lease.ts), on SQLite and PostgreSQL alike; on PostgreSQL the concurrent
 * calls run on separate connections, so "exactly one" is the database's decision, not this process's.
 * Each feature's own test shows it uses the helper (two instances, one wins).
 */
const { backends } = storeBackends('zk-lease-')

/** A lease over the watch's lease table (any table with a key, a holder and an end will do). */
const leaseOf = (store: Store) => store.lease({ table: 'watch_lease', key: 'name', holder: 'holder', until: 'expires_at', insert: () => ({}) })

describe.each(backends)('the store lease on $name', ({ open, skip }) => {
  it.skipIf(skip)('claim: one holder of many asking at once; nobody else while it holds; the holder again only when reentrant', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const lease = leaseOf(store)
    const holders = Array.from({ length: 8 }, (_, i) => `i-${i}`)
    const takes = await Promise.all(holders.map((h) => lease.claim('job', h, 1000)))
    expect(takes.filter(Boolean)).toHaveLength(1)
    const winner = holders[takes.indexOf(true)]
    expect(await lease.holder('job')).toEqual({ holder: winner, until: 1_001_000 })
    t += 999
    expect(await lease.claim('job', 'i-x', 1000)).toBe(false)
    expect(await lease.claim('job', winner, 1000)).toBe(false)
    expect(await lease.claim('job', winner, 1000, { reentrant: true })).toBe(true)
    expect(await lease.claim('other', 'i-x', 1000)).toBe(true)
    await store.close()
  })

  it.skipIf(skip)('renew: only by its holder, only while it holds; release: only by its holder, then anyone may claim at once', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const lease = leaseOf(store)
    expect(await lease.claim('job', 'a', 1000)).toBe(true)
    t += 500
    expect(await lease.renew('job', 'b', 1000)).toBe(false)
    expect(await lease.renew('job', 'a', 1000)).toBe(true)
    expect((await lease.holder('job'))?.until).toBe(1_001_500)
    t += 1000 // lapsed: its holder stalled past its end, nobody has taken it yet
    expect(await lease.renew('job', 'a', 1000)).toBe(false)
    expect(await lease.claim('job', 'b', 1000)).toBe(true)
    expect(await lease.release('job', 'a')).toBe(false)
    expect(await lease.claim('job', 'c', 1000)).toBe(false)
    expect(await lease.release('job', 'b')).toBe(true)
    expect(await lease.renew('job', 'b', 1000)).toBe(false)
    expect(await lease.claim('job', 'c', 1000)).toBe(true)
    await store.close()
  })

  it.skipIf(skip)('expire and recover: of callers racing for a lapsed lease exactly one takes it over; the holder it was taken from can neither renew nor release', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const lease = leaseOf(store)
    expect(await lease.claim('job', 'old', 1000)).toBe(true)
    const seen = (await lease.holder('job'))!.holder
    expect(await lease.takeOver('job', seen, 'early', 1000)).toBe(false) // still held
    expect(await lease.lapsedKeys()).toEqual([])
    t += 1000
    expect(await lease.lapsedKeys()).toEqual(['job'])
    const racers = ['r-1', 'r-2', 'r-3', 'r-4']
    const won = await Promise.all(racers.map((r) => lease.takeOver('job', seen, r, 1000)))
    expect(won.filter(Boolean)).toHaveLength(1)
    expect((await lease.holder('job'))?.holder).toBe(racers[won.indexOf(true)])
    expect(await lease.renew('job', 'old', 1000)).toBe(false)
    expect(await lease.release('job', 'old')).toBe(false)
    // Two claimers racing for a lapsed lease: likewise one.
    t += 1000
    const claims = await Promise.all(['c-1', 'c-2'].map((c) => lease.claim('job', c, 1000)))
    expect(claims.filter(Boolean)).toHaveLength(1)
    await store.close()
  })
})
