export interface RateLimitOptions {
  /** Wrong guesses allowed per client within the window. */
  perClient: number
  /** Wrong guesses allowed from all clients together within the window. */
  total: number
  windowMs: number
  now?: () => number
}

export interface RateLimiter {
  /** Seconds to wait before `client` may guess again; 0 when it may guess now. */
  retryAfter(client: string): number
  /** Records a wrong guess. */
  failed(client: string): void
  /** Forgets a client's wrong guesses after it signed in. */
  succeeded(client: string): void
}

/**
 * Limits wrong password guesses: per client address, and in total (so that guesses spread over
 * many addresses are slowed down too). Failures older than the window are forgotten.
 */
export function createRateLimiter({ perClient, total, windowMs, now = Date.now }: RateLimitOptions): RateLimiter {
  const byClient = new Map<string, number[]>()
  let all: number[] = []

  const prune = (times: number[]) => {
    const cutoff = now() - windowMs
    let i = 0
    while (i < times.length && times[i] <= cutoff) i++
    return i ? times.slice(i) : times
  }
  const wait = (times: number[], max: number) =>
    times.length >= max ? Math.max(1, Math.ceil((times[times.length - max] + windowMs - now()) / 1000)) : 0

  return {
    retryAfter(client) {
      all = prune(all)
      const mine = prune(byClient.get(client) ?? [])
      if (mine.length) byClient.set(client, mine)
      else byClient.delete(client)
      return Math.max(wait(mine, perClient), wait(all, total))
    },
    failed(client) {
      const t = now()
      byClient.set(client, [...prune(byClient.get(client) ?? []), t])
      all = [...prune(all), t]
      if (byClient.size > 10_000) {
        for (const [k, v] of byClient) if (!prune(v).length) byClient.delete(k)
      }
    },
    succeeded(client) {
      byClient.delete(client)
    },
  }
}
