import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWatch } from '.'
import { emulatorForward } from '../doors/sandbox-door'
import type { Emulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { Store } from '../store'
import type { Send } from '../upstream'
import { memoryEmulator } from '../../testing/memory-emulator'
import { storeBackends } from '../../testing/store-backends'

// A check of a zone holds the scheduler's lease while it reads the zone call by call: it renews
// the lease before each call, so a check slower than its lease is not joined by another instance
// taking the schedule over; one that stalls past its lease and loses it stops without keeping its
// results, and the zone is due again for the new holder. A baseline asked for on demand claims the
// zone's check, so two instances never both run it. The store's clock: every API call of a check
// moves it on by `step` (no real waiting).
const ZONE = SEED_ZONES.demo.id
const LEASE = 10_000

const { backends } = storeBackends('zk-watch-check-lease-')
let emulator: Emulator
beforeAll(() => {
  emulator = memoryEmulator({ scaleZones: false })
})
afterAll(() => emulator.close())

async function setUp(open: (now?: () => number) => Promise<Store>) {
  const clock = { t: 1_000_000 }
  const store = await open(() => clock.t)
  const api = emulatorForward(emulator) as Send
  // What the first instance's check of the zone calls (its lists): each moves the clock on by `step`; `during(n)` runs at the n-th.
  const o: { step: number; during?: (n: number) => Promise<void> } = { step: 0 }
  let calls = 0
  const slow: Send = async (req) => {
    if (req.pathAndQuery.includes(`/zones/${ZONE}/page_shield/`)) {
      calls += 1
      clock.t += o.step
      await o.during?.(calls)
    }
    return api(req)
  }
  const a = createWatch({ store, send: slow, leaseMs: LEASE, instanceId: 'a', discoverMs: 1e12 })
  const b = createWatch({ store, send: api, leaseMs: LEASE, instanceId: 'b', discoverMs: 1e12 })
  await store.watch.ensureZone(ZONE, 'demo')
  return { clock, store, a, b, o }
}

describe.each(backends)('watch checks and the lease on $name', ({ skip, open }) => {
  it.skipIf(skip)('a check slower than its lease renews it: the other instance does not take the schedule over meanwhile', async () => {
    const { store, a, b, o } = await setUp(open)
    o.step = LEASE * 0.6
    const others: boolean[] = []
    o.during = async (n) => {
      if (n === 3) others.push(await b.tick())
    }
    expect(await a.tick()).toBe(true)
    expect(others).toEqual([false])
    const runs = await store.watch.recentRuns(ZONE, 10)
    expect(runs.map((r) => [r.holder, r.outcome])).toEqual([['a', 'baseline']])
    await Promise.all([a.stop(), b.stop()])
    await store.close()
  })

  it.skipIf(skip)('a check that stalls past its lease and loses it stops, keeps nothing, and the new holder checks the zone', async () => {
    const { clock, store, a, b, o } = await setUp(open)
    o.step = LEASE * 0.1
    o.during = async (n) => {
      if (n !== 2) return
      clock.t += 2 * LEASE
      expect(await b.tick()).toBe(true)
    }
    await a.tick()
    expect((await store.watch.recentRuns(ZONE, 10)).map((r) => [r.holder, r.outcome])).toEqual([['a', 'failed']])
    expect(await store.watch.state(ZONE)).toEqual([])
    // Due again: the holder's next tick checks it (its baseline).
    expect(await b.tick()).toBe(true)
    const runs = await store.watch.recentRuns(ZONE, 10)
    expect(runs.map((r) => [r.holder, r.outcome]).sort()).toEqual([
      ['a', 'failed'],
      ['b', 'baseline'],
    ])
    expect(runs.find((r) => r.holder === 'a')?.error).toMatch(/lost the watch lease/)
    await Promise.all([a.stop(), b.stop()])
    await store.close()
  })

  it.skipIf(skip)('a baseline asked of two instances at once runs once', async () => {
    const { store, a, b } = await setUp(open)
    await Promise.all([a.ensureBaseline(ZONE, 'demo'), b.ensureBaseline(ZONE, 'demo')])
    const runs = await store.watch.recentRuns(ZONE, 10)
    expect(runs.map((r) => r.outcome)).toEqual(['baseline'])
    await Promise.all([a.stop(), b.stop()])
    await store.close()
  })
})
