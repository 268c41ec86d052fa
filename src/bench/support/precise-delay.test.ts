import { describe, expect, it } from 'vitest'
import { clock, preciseDelay } from './precise-delay'

describe('preciseDelay (the bench upstream’s per-request delay)', () => {
  it('calls each back once, and never before its delay is up (sub-millisecond delays too)', async () => {
    const sleeper = preciseDelay()
    await sleeper.ready
    const delays = [5, 1.5, 3.25, 0.5, 4, 2, 2.75, 0.25]
    const fired: { i: number; early: number }[] = []
    // (Lateness and order are not asserted: on a loaded machine any thread may be held up.)
    await Promise.all(
      delays.map(
        (ms, i) =>
          new Promise<void>((resolve) => {
            const due = clock() + ms
            sleeper.after(ms, () => {
              fired.push({ i, early: due - clock() })
              resolve()
            })
          }),
      ),
    )
    expect(fired.map((f) => f.i).sort()).toEqual(delays.map((_, i) => i))
    for (const f of fired) expect(f.early).toBeLessThanOrEqual(0)
  })

  it('keeps working after a quiet spell (the thread sleeps with no deadline, then wakes for a new one)', async () => {
    const sleeper = preciseDelay()
    await new Promise<void>((resolve) => sleeper.after(1, resolve))
    await sleeper.ready
    await new Promise((resolve) => setTimeout(resolve, 20))
    const due = clock() + 2
    const early = await new Promise<number>((resolve) => sleeper.after(2, () => resolve(due - clock())))
    expect(early).toBeLessThanOrEqual(0)
  })
})
