import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from './api-client'
import { waitingOutRateLimit, waitingText } from './rate-limit-wait'

const refusal = (seconds: number) =>
  new ApiRequestError(429, [{ code: 10430, message: "Waiting for the API's rate limit" }], seconds)

// The page's clock and timers are the test's: a wait is measured, never slept through.
beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('waiting out the rate limit', () => {
  it('counts the retry-after down, then sends again', async () => {
    let calls = 0
    const waits: (number | null)[] = []
    const run = waitingOutRateLimit(
      async () => {
        if (calls++ === 0) throw refusal(3)
        return 'done'
      },
      { onWait: (s) => waits.push(s), tickMs: 5 },
    )
    await vi.runAllTimersAsync()
    expect(await run).toBe('done')
    expect(waits).toEqual([3, 2, 1, null])
    expect(waitingText(40)).toBe("Waiting for the API's rate limit: resuming in 40 s")
  })

  it('other errors, and a bare 429 of an endpoint limit, are thrown at once', async () => {
    const other = new ApiRequestError(400, [{ code: 1004, message: 'bad' }])
    await expect(waitingOutRateLimit(async () => Promise.reject(other))).rejects.toBe(other)
    const importLimit = new ApiRequestError(429, [{ code: 10429, message: 'Too many attempts' }], 5)
    await expect(waitingOutRateLimit(async () => Promise.reject(importLimit))).rejects.toBe(importLimit)
  })

  it('an abort ends the wait with an AbortError, and nothing is sent again', async () => {
    const controller = new AbortController()
    let calls = 0
    const run = waitingOutRateLimit(
      async () => {
        calls++
        throw refusal(30)
      },
      { signal: controller.signal, onWait: (s) => s === 29 && controller.abort() },
    )
    const outcome = run.catch((err: unknown) => err)
    await vi.runAllTimersAsync()
    expect(await outcome).toMatchObject({ name: 'AbortError' })
    expect(calls).toBe(1)
  })

  it('waits the retry-after by the clock, however late each second of the countdown comes', async () => {
    // A busy page (a slow render, a machine under load, a tab the browser throttles): each second
    // shown costs 600 ms of the main thread before the next timer may run. The wait used to count
    // seven ticks of a second each, and sent the import again only 11.2 s after a 7 s retry-after.
    let calls = 0
    let refusedAt = 0
    let sentAgainAt = 0
    const waits: (number | null)[] = []
    const run = waitingOutRateLimit(
      async () => {
        if (calls++ === 0) {
          refusedAt = Date.now()
          throw refusal(7)
        }
        sentAgainAt = Date.now()
        return 'done'
      },
      {
        onWait: (s) => {
          waits.push(s)
          if (s !== null) vi.setSystemTime(Date.now() + 600)
        },
      },
    )
    await vi.runAllTimersAsync()
    expect(await run).toBe('done')
    expect(calls).toBe(2)
    expect(sentAgainAt - refusedAt).toBeGreaterThanOrEqual(7000)
    expect(sentAgainAt - refusedAt).toBeLessThan(7100)
    expect(waits).toEqual([7, 6, 5, 4, 3, 2, 1, null])
  })

  it('counts from when the refusal came: time spent before the wait starts is not waited again', async () => {
    let calls = 0
    let refusedAt = 0
    let sentAgainAt = 0
    const waits: (number | null)[] = []
    const run = waitingOutRateLimit(
      async () => {
        if (calls++ === 0) {
          const err = refusal(5)
          refusedAt = err.receivedAt
          // The answer's body took 2 s to read after its headers came.
          vi.setSystemTime(Date.now() + 2000)
          throw err
        }
        sentAgainAt = Date.now()
        return 'done'
      },
      { onWait: (s) => waits.push(s) },
    )
    await vi.runAllTimersAsync()
    expect(await run).toBe('done')
    expect(sentAgainAt - refusedAt).toBe(5000)
    expect(waits).toEqual([3, 2, 1, null])
  })
})
