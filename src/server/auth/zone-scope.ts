import type { Context } from 'hono'
import type { ZoneScope } from '../store'
import type { Forward } from '../upstream'
import { ZONES_DEFAULT_PER_PAGE, ZONES_MAX_PER_PAGE, ZONES_MIN_PER_PAGE } from '../../shared/schemas/zone'
import { inScope } from './actor'
import { zoneNames } from '../audit/zone-names'

const HEX_ID = /^[0-9a-f]{32}$/i

/** A path segment decoded, or as sent when its `%` escapes are malformed (then it names no zone in scope). */
const decodeOrRaw = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
/** Zones read for one scoped list at most (50 each): 20,000 zones. */
const MAX_PAGES = 400

/** A paging number as the API reads it (absent: `fallback`), or undefined when it is not a number. */
function pagingNumber(raw: string | null, fallback: number): number | undefined {
  if (raw === null || raw.trim() === '') return fallback
  const n = Number(raw)
  return Number.isFinite(n) ? Math.trunc(n) : undefined
}

/**
 * Zone scope: which zone a request names (in its path or any zone-ish query key), and whether a
 * person may see it. Zone ids are resolved to names through the API itself (cached: a zone's id
 * never changes name), since scopes are written as names.
 */
export function zoneScope(forward: Forward) {
  const { nameOf } = zoneNames(forward)

  /** Ids or names of zones a request names: `/zones/<id>` in the path, `zone_id`, `zone.name`… in the query. */
  function zonesNamed(c: Context, path: string): string[] {
    const named: string[] = []
    const m = /\/zones\/([^/]+)/.exec(path)
    if (m) named.push(decodeOrRaw(m[1]))
    const url = new URL(c.req.url)
    for (const [key, value] of url.searchParams) {
      if (/zone/i.test(key) && value) named.push(value)
    }
    return named
  }

  return {
    /** True when every zone the request names is in scope (ids resolved, names compared). */
    async allows(c: Context, path: string, zones: ZoneScope): Promise<boolean> {
      if (zones === '*') return true
      for (const ref of zonesNamed(c, path)) {
        const name = HEX_ID.test(ref)
          ? await nameOf(ref.toLowerCase(), c)
          : ref.replace(/^(equal|contains|starts_with|ends_with):/, '')
        if (!name || !inScope(zones, name)) return false
      }
      return true
    },
    /**
     * `GET /zones` for a person with a list of zones: every page of the API's answer (same filters
     * and order, largest pages) is read and the zones outside the scope left out, then the page
     * asked for is cut from what is left, so `total_count`, `total_pages` and paging are exact.
     */
    async scopedZoneList(c: Context, zones: readonly string[]): Promise<Response> {
      const asked = new URL(c.req.url).searchParams
      const page = pagingNumber(asked.get('page'), 1)
      const perPage = pagingNumber(asked.get('per_page'), ZONES_DEFAULT_PER_PAGE)
      // Not numbers at all: the API's own 400 says which.
      if (page === undefined || perPage === undefined) return forward({ method: 'GET', pathAndQuery: `/zones?${asked}` }, c)
      const size = Math.min(ZONES_MAX_PER_PAGE, Math.max(ZONES_MIN_PER_PAGE, perPage))
      const kept: { name: string }[] = []
      let first: Response | undefined
      for (let p = 1; p <= MAX_PAGES; p++) {
        const query = new URLSearchParams(asked)
        query.set('page', String(p))
        query.set('per_page', String(ZONES_MAX_PER_PAGE))
        const res = await forward({ method: 'GET', pathAndQuery: `/zones?${query}` }, c)
        if (!res.ok) return res
        first ??= res
        const body = (await res.json()) as { result?: { name: string }[]; result_info?: { total_pages?: number } }
        const result = body.result ?? []
        kept.push(...result.filter((z) => inScope(zones as string[], z.name)))
        if (result.length < ZONES_MAX_PER_PAGE || p >= (body.result_info?.total_pages ?? p)) break
      }
      const at = Math.max(1, page)
      const result = kept.slice((at - 1) * size, at * size)
      const result_info = { page: at, per_page: size, count: result.length, total_count: kept.length, total_pages: Math.ceil(kept.length / size) }
      const headers = new Headers(first?.headers)
      headers.delete('content-length')
      headers.set('content-type', 'application/json')
      return new Response(JSON.stringify({ result, result_info, success: true, errors: [], messages: [] }), { status: 200, headers })
    },
  }
}
