import { IMPORTS_PER_MINUTE } from '../emulator/dns/import-limits'
import { rateLimitedAnswer, SERVICE_RATE_LIMIT, type RateLimitPolicy } from '../emulator/rate-limit'
import { jsonError, PROXY_CODES } from '../http/envelope'
import type { Store } from '../store'

/** PRACTICE_QUOTA_MB's default: what one person's practice copy may take. */
export const DEFAULT_PRACTICE_QUOTA_MB = 64
const IMPORT = /^\/api\/v4\/zones\/[^/]+\/dns_records\/import\/?$/

export interface PracticeLimitOptions {
  quotaMb?: number
  /** Writes per window per person; default the service's own (1,200 per 5 minutes). */
  writeLimit?: RateLimitPolicy
  /** Imports per minute per person; default the service's few (IMPORTS_PER_MINUTE). */
  importsPerMinute?: number
}

/**
 * What keeps practice from filling the disk: each person's copy has a size quota,
 * and a practising person's writes are limited as the service limits a token (its 429 with
 * `retry-after`), with imports limited per person as the service limits them. Counted in the store,
 * so every instance counts together.
 */
export function practiceLimits(store: Store, options: PracticeLimitOptions = {}) {
  const quotaMb = options.quotaMb ?? DEFAULT_PRACTICE_QUOTA_MB
  const quotaBytes = quotaMb * 1024 * 1024
  const writes = options.writeLimit ?? SERVICE_RATE_LIMIT
  const imports = options.importsPerMinute ?? IMPORTS_PER_MINUTE
  const policy = `"practice";q=${writes.quota};w=${writes.windowSeconds}`
  return {
    quotaBytes,
    /** The service-style 429 when this write is past the person's rate, or undefined. */
    async rate(key: string, method: string, path: string): Promise<Response | undefined> {
      const w = await store.practiceCopies.countWrite(`writes:${key}`, writes.quota, writes.windowSeconds * 1000)
      const headers = { ratelimit: `"practice";r=${w.remaining};t=${w.resetSeconds}`, 'ratelimit-policy': policy }
      if (!w.allowed) return rateLimitedAnswer({ ...headers, 'retry-after': String(w.resetSeconds) })
      if (method === 'POST' && IMPORT.test(path)) {
        const i = await store.practiceCopies.countWrite(`imports:${key}`, imports, 60_000)
        if (!i.allowed)
          return jsonError(
            429,
            971,
            `Too many imports: in practice you may import at most ${imports} zone files a minute, as the service allows. Try again in ${i.resetSeconds} seconds.`,
            { 'retry-after': String(i.resetSeconds) },
          )
      }
      return undefined
    },
    /**
     * The 413 when a write would take the copy past its quota (its size now plus the request's
     * body), or undefined. Deletes always pass: they are how a full copy gets room again.
     */
    quota(size: number, method: string, bodyBytes: number): Response | undefined {
      if (method === 'DELETE' || size + bodyBytes <= quotaBytes) return undefined
      return full(size)
    },
    /** The 413 of a full copy (also when its page limit stopped a write: see capCopy). */
    full: (size: number) => full(size),
  }
  function full(size: number): Response {
    const used = (size / 1024 / 1024).toFixed(1)
    return jsonError(
      413,
      PROXY_CODES.tooLarge,
      `Your practice copy is full: it takes ${used} MiB and may take at most ${quotaMb} MiB. Delete what you no longer need, or reset your practice data (Practice page), then try again.`,
    )
  }
}
