import { describe, expect, it } from 'vitest'
import { ApiRequestError } from './api-client'
import { waitingOutRateLimit, waitingText } from './rate-limit-wait'

const refusal = (seconds: number) =>
  new ApiRequestError(429, [{ code: 10430, message: "Waiting for the API's rate limit" }], seconds)

describe('waiting out the rate limit', () => {
  it('counts the retry-after down, then sends again', async () => {
    let calls = 0
    const waits: (number | null)[] = []
    const result = await waitingOutRateLimit(
      async () => {
        if (calls++ === 0) throw refusal(3)
        return 'done'
      },
      { onWait: (s) => waits.push(s), tickMs: 5 },
    )
    expect(result).toBe('done')
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
      { signal: controller.signal, onWait: (s) => s === 29 && controller.abort(), tickMs: 5 },
    )
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls).toBe(1)
  })
})
