/**
 * Splits a bulk operation keyed by ids into requests whose URL stays safely short.
 *
 * Why: bulk deletes name their targets in the query string (`?id=A&id=B…`). Browsers, proxies and
 * servers cut URLs at different lengths (8 KB is common, some stop near 2 KB), and the sandbox caps
 * ids per request. So a selection of hundreds of rules becomes several requests, each under both
 * limits. Pure and isomorphic: no imports.
 */

/** A URL length every hop accepts (old proxies and IE-era limits sit near 2,083). */
export const SAFE_URL_LENGTH = 2000

export interface UrlBatchOptions {
  /** The URL before the id parameters, as it will be sent (include the origin when known). */
  baseUrl: string
  /** Query parameter repeated once per id. Default `id`. */
  param?: string
  /** Longest URL allowed, in characters. Default SAFE_URL_LENGTH. */
  maxUrlLength?: number
  /** Most ids one request may carry (the server's cap). Default unlimited. */
  maxIdsPerRequest?: number
}

/** `?id=a&id=b` (or `&id=…` when the base already has a query), each value URL-encoded. */
export function idsQuery(ids: readonly string[], param = 'id', baseHasQuery = false): string {
  if (ids.length === 0) return ''
  const pairs = ids.map((id) => `${encodeURIComponent(param)}=${encodeURIComponent(id)}`)
  return (baseHasQuery ? '&' : '?') + pairs.join('&')
}

/** The full URL for one batch. */
export function batchUrl(baseUrl: string, ids: readonly string[], param = 'id'): string {
  return baseUrl + idsQuery(ids, param, baseUrl.includes('?'))
}

/**
 * Greedy split, keeping the ids' order and dropping duplicates: each group's URL is at most
 * `maxUrlLength` characters and holds at most `maxIdsPerRequest` ids. Throws when even one id
 * cannot fit (the base URL alone is too long), rather than sending a URL that would be cut.
 */
export function batchIdsForUrl(ids: readonly string[], options: UrlBatchOptions): string[][] {
  const param = options.param ?? 'id'
  const maxLen = options.maxUrlLength ?? SAFE_URL_LENGTH
  const maxIds = options.maxIdsPerRequest ?? Number.POSITIVE_INFINITY
  if (!(maxIds >= 1)) throw new RangeError('maxIdsPerRequest must be at least 1.')
  const unique = [...new Set(ids)]
  const batches: string[][] = []
  let current: string[] = []
  let length = options.baseUrl.length
  const pairLength = (id: string) => encodeURIComponent(param).length + 1 + encodeURIComponent(id).length
  for (const id of unique) {
    // The first pair of a batch is preceded by "?" (or "&"), each later one by "&": one char either way.
    const added = 1 + pairLength(id)
    if (options.baseUrl.length + added > maxLen) {
      throw new RangeError(`The id "${id}" does not fit in a URL of ${maxLen} characters.`)
    }
    if (current.length > 0 && (length + added > maxLen || current.length >= maxIds)) {
      batches.push(current)
      current = []
      length = options.baseUrl.length
    }
    current.push(id)
    length += added
  }
  if (current.length > 0) batches.push(current)
  // Keep the invariant honest: every URL we hand out fits (cheap, and guards the arithmetic above).
  for (const b of batches) {
    if (batchUrl(options.baseUrl, b, param).length > maxLen) throw new Error('batchIdsForUrl produced an over-long URL.')
  }
  return batches
}
