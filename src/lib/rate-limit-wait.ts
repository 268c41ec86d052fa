import { ApiRequestError, rateLimitWait } from './api-client'

/** What long work says while it waits for the API's rate limit. */
export const waitingText = (seconds: number) => `Waiting for the API's rate limit: resuming in ${seconds} s`

export interface RateLimitWaitOptions {
  /** True once the user asked to stop: the wait ends and the refusal is thrown. */
  cancelled?: () => boolean
  /** Aborted: the wait ends with an AbortError. */
  signal?: AbortSignal
  /** The seconds left, every second; null once it resumes. */
  onWait?: (secondsLeft: number | null) => void
  /** A second of waiting (tests shorten it). */
  tickMs?: number
}

/**
 * Runs `run`, and after each refusal for the API's rate limit (the dashboard's server answers long
 * work with code 10430 and retry-after while the account's budget is nearly spent) waits that long,
 * counting down, then runs it again. The wait ends retry-after seconds after the refusal came, by
 * the clock, however late the page's timers run. Cancelling or aborting ends the wait.
 */
export async function waitingOutRateLimit<R>(run: () => Promise<R>, opts: RateLimitWaitOptions = {}): Promise<R> {
  for (;;) {
    try {
      return await run()
    } catch (err) {
      const wait = rateLimitWait(err)
      if (wait === undefined || opts.cancelled?.() || opts.signal?.aborted) throw err
      // Counted by the clock from when the refusal came, not in ticks: each timer of a busy or
      // throttled page runs late, and a wait of N ticks took up to twice the retry-after.
      const tick = opts.tickMs ?? 1000
      const until = (err instanceof ApiRequestError ? err.receivedAt : Date.now()) + wait * tick
      let shown: number | undefined
      for (;;) {
        const left = Math.ceil((until - Date.now()) / tick)
        if (left <= 0) break
        if (left !== shown) opts.onWait?.((shown = left))
        // Until the figure shown changes (the callback may have taken a while).
        const toNext = until - Date.now() - (left - 1) * tick
        await new Promise((r) => setTimeout(r, Math.max(1, toNext)))
        if (opts.signal?.aborted) {
          opts.onWait?.(null)
          throw new DOMException('The work was cancelled.', 'AbortError')
        }
        if (opts.cancelled?.()) {
          opts.onWait?.(null)
          throw err
        }
      }
      opts.onWait?.(null)
    }
  }
}
