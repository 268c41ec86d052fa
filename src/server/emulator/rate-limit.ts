import { createHash } from 'node:crypto'
import { errorEnvelope } from './http'

/** The service's account-wide rate limit (api-notes §1): `quota` requests per `windowSeconds`, per token. */
export interface RateLimitPolicy {
  quota: number
  windowSeconds: number
}

/** The service's own: 1,200 requests per 5 minutes. */
export const SERVICE_RATE_LIMIT: RateLimitPolicy = { quota: 1200, windowSeconds: 300 }

export interface RateLimitVerdict {
  allowed: boolean
  /** The `Ratelimit`, `Ratelimit-Policy` (and on a refusal `retry-after`) headers of the answer. */
  headers: Record<string, string>
}

/** Windows kept before expired ones are swept (one by one, never the live ones). */
const SWEEP_AT = 10_000

/**
 * The service's rate limit as the sandbox keeps it: a fixed window per token that starts with the
 * token's first request; `quota` requests in it, then every call is refused with 429 until the window
 * ends (`retry-after`: the seconds left, rounded up). Every answer, refused or not, carries
 * `Ratelimit: "default";r=<remaining>;t=<seconds until the window resets>` and
 * `Ratelimit-Policy: "default";q=<quota>;w=<window>` (the IETF draft the service follows).
 * Counted in memory: the sandbox is one process (each instance its own sandbox).
 */
export function createRateLimiter(policy: RateLimitPolicy, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  const windowMs = policy.windowSeconds * 1000
  const policyHeader = `"default";q=${policy.quota};w=${policy.windowSeconds}`
  const sweep = (t: number) => {
    for (const [key, w] of windows) if (t - w.start >= windowMs) windows.delete(key)
  }
  return {
    policy,
    /** Counts one request of `credential` (the token, or the key of an e-mail + key pair). */
    take(credential: string): RateLimitVerdict {
      const t = now()
      const key = createHash('sha256').update(credential).digest('base64url')
      let w = windows.get(key)
      if (!w || t - w.start >= windowMs) {
        if (!w && windows.size >= SWEEP_AT) sweep(t)
        w = { start: t, count: 0 }
        windows.set(key, w)
      }
      const resetSeconds = Math.max(1, Math.ceil((w.start + windowMs - t) / 1000))
      const allowed = w.count < policy.quota
      if (allowed) w.count++
      const headers: Record<string, string> = {
        ratelimit: `"default";r=${policy.quota - w.count};t=${resetSeconds}`,
        'ratelimit-policy': policyHeader,
      }
      if (!allowed) headers['retry-after'] = String(resetSeconds)
      return { allowed, headers }
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

/** The service's answer past the limit (code 971, as its rate limiting answers). */
export const rateLimitedAnswer = (headers: Record<string, string>) =>
  new Response(JSON.stringify(errorEnvelope([{ code: 971, message: 'Please wait and consider throttling your request speed' }])), {
    status: 429,
    headers: { 'content-type': 'application/json', ...headers },
  })

/** The answer with the rate-limit headers added. */
export function withRateLimitHeaders(res: Response, headers: Record<string, string>): Response {
  const merged = new Headers(res.headers)
  for (const [name, value] of Object.entries(headers)) merged.set(name, value)
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged })
}
