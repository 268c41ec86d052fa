import { ApiError, badRequest } from '../http'
import { groupDigits } from '../../../shared/digits'

/**
 * The service's limits on BIND imports (api-notes §14): files up to 256 KiB, and only a few
 * imports a minute. We allow IMPORTS_PER_MINUTE per zone; over it, a 429 with Retry-After.
 */
export const IMPORT_MAX_BYTES = 256 * 1024
export const IMPORTS_PER_MINUTE = 5
const WINDOW_MS = 60_000

export const fileTooLarge = (bytes: number) =>
  badRequest(
    1004,
    `The zone file is ${groupDigits(Math.ceil(bytes / 1024))} KiB; an import takes at most 256 KiB. Split it into several files.`,
    '/file',
  )

export interface ImportRateLimit {
  /** Counts an import of `zoneId`, or throws the 429 when the zone had its share this minute. */
  take(zoneId: string): void
}

export function importRateLimit(perMinute = IMPORTS_PER_MINUTE, now: () => number = Date.now): ImportRateLimit {
  const byZone = new Map<string, number[]>()
  return {
    take(zoneId) {
      const t = now()
      const recent = (byZone.get(zoneId) ?? []).filter((at) => at > t - WINDOW_MS)
      if (recent.length >= perMinute) {
        const retry = Math.max(1, Math.ceil((recent[0] + WINDOW_MS - t) / 1000))
        throw new RateLimited(retry, perMinute)
      }
      recent.push(t)
      byZone.set(zoneId, recent)
    },
  }
}

/** 429 with the service's rate-limit code and a Retry-After the route sets as a header. */
export class RateLimited extends ApiError {
  constructor(
    readonly retryAfter: number,
    perMinute: number,
  ) {
    super(429, [
      {
        code: 971,
        message: `Too many imports: a zone takes at most ${perMinute} imports a minute. Try again in ${retryAfter} seconds.`,
      },
    ])
  }
}
