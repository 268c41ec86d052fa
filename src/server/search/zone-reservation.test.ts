import { afterAll, describe, expect, it } from 'vitest'
import { createStore } from '../store'
import { zoneReservations } from './zone-reservation'

/** Two instances on one store (two reservations objects): one apply of a zone at a time, the store deciding. */
const store = createStore({ dataDir: ':memory:' })
afterAll(() => store.close())
const ZONE = 'a'.repeat(32)

describe('a zone reserved for one apply at a time', () => {
  it('a second apply waits for the first, then runs; one held past the wait is refused without running', async () => {
    const one = zoneReservations(store, 'sandbox')
    const impatient = zoneReservations(store, 'sandbox', { waitMs: 100 })
    const patient = zoneReservations(store, 'sandbox', { waitMs: 5_000 })
    const order: string[] = []
    let finish!: () => void
    const first = one.holding(ZONE, async () => {
      order.push('first starts')
      await new Promise<void>((r) => (finish = r))
      order.push('first ends')
      return 1
    })
    await new Promise((r) => setTimeout(r, 20))
    let ranImpatient = false
    expect(await impatient.holding(ZONE, async () => (ranImpatient = true))).toBeUndefined()
    expect(ranImpatient).toBe(false)
    const second = patient.holding(ZONE, async () => {
      order.push('second runs')
      return 2
    })
    await new Promise((r) => setTimeout(r, 150))
    expect(order).toEqual(['first starts'])
    finish()
    expect(await Promise.all([first, second])).toEqual([1, 2])
    expect(order).toEqual(['first starts', 'first ends', 'second runs'])
    // Another owner's (or another zone's) apply never waits for it.
    expect(await impatient.holding('b'.repeat(32), async () => 3)).toBe(3)
  })

  it('is given back when the work throws', async () => {
    const r = zoneReservations(store, 'sandbox', { waitMs: 100 })
    await expect(r.holding(ZONE, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await r.holding(ZONE, async () => 'free')).toBe('free')
  })
})
