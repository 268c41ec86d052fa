import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import type { Store } from '.'

const { backends } = storeBackends('zk-throttle-')
const MAX_WAIT = 15 * 60_000

describe.each(backends)('sign-in throttle in the store on $name', ({ skip, open }) => {
  let clock = 5_000_000
  let store: Store
  beforeAll(async () => {
    if (skip) return
    store = await open(() => clock)
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('counts 30 attempts at once exactly up to the free ones: count and answer are one statement', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => store.throttle.attempt('pair:sam|203.0.113.5', 5, MAX_WAIT)))
    expect(answers.filter(Boolean)).toHaveLength(5)
    expect((await store.throttle.get(['pair:sam|203.0.113.5'])).get('pair:sam|203.0.113.5')?.failures).toBe(5)
  })

  it.skipIf(skip)('lets one more attempt through once the wait has passed (1 s, then 2 s)', async () => {
    const key = 'pair:sam|203.0.113.5'
    clock += 999
    expect(await store.throttle.attempt(key, 5, MAX_WAIT)).toBe(false)
    clock += 1
    expect(await store.throttle.attempt(key, 5, MAX_WAIT)).toBe(true)
    clock += 1999
    expect(await store.throttle.attempt(key, 5, MAX_WAIT)).toBe(false)
    clock += 1
    expect(await store.throttle.attempt(key, 5, MAX_WAIT)).toBe(true)
    // A refund takes back one attempt; a day later the count starts again.
    await store.throttle.refund([key])
    expect((await store.throttle.get([key])).get(key)?.failures).toBe(6)
    clock += 25 * 3_600_000
    expect(await store.throttle.attempt(key, 5, MAX_WAIT)).toBe(true)
    expect((await store.throttle.get([key])).get(key)?.failures).toBe(1)
  })

  it.skipIf(skip)('leases at most the given places for checks in flight, and takes over an expired one', async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, () => store.throttle.claim('account:sam', 2, 30_000)))
    const leases = claims.filter((c) => c !== undefined)
    expect(leases.map((l) => l.slot).sort()).toEqual([0, 1])
    await store.throttle.release('account:sam', leases[0])
    const again = await store.throttle.claim('account:sam', 2, 30_000)
    expect(again?.slot).toBe(leases[0].slot)
    expect(await store.throttle.claim('account:sam', 2, 30_000)).toBeUndefined()
    // A lease whose holder died expires: its place is taken over, and the late release frees nothing.
    clock += 30_000
    const taken = await store.throttle.claim('account:sam', 2, 30_000)
    expect(taken).toBeDefined()
    await store.throttle.release('account:sam', leases[1])
    await store.throttle.release('account:sam', again!)
    expect(await store.throttle.claim('account:sam', 2, 30_000)).toBeDefined()
    expect(await store.throttle.claim('account:sam', 2, 30_000)).toBeUndefined()
  })
})
