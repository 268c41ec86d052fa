import type { Context } from 'hono'
import type { ZoneScope } from '../store'
import type { Forward } from '../upstream'
import { inScope } from './actor'

const HEX_ID = /^[0-9a-f]{32}$/i

/**
 * Zone scope: which zone a request names (in its path or any zone-ish query key), and whether a
 * person may see it. Zone ids are resolved to names through the API itself (cached: a zone's id
 * never changes name), since scopes are written as names.
 */
export function zoneScope(forward: Forward) {
  const names = new Map<string, string | null>()
  async function nameOf(id: string): Promise<string | null> {
    const known = names.get(id)
    if (known !== undefined) return known
    const res = await forward({ method: 'GET', pathAndQuery: `/zones/${id}` })
    const body = (await res.json().catch(() => null)) as { result?: { name?: unknown } } | null
    const name = res.ok && typeof body?.result?.name === 'string' ? body.result.name.toLowerCase() : null
    // Remember only answers that settle it (found, or certainly absent); retry after other failures.
    if (name !== null || res.status === 404) {
      if (names.size > 5000) names.clear()
      names.set(id, name)
    }
    return name
  }

  /** Ids or names of zones a request names: `/zones/<id>` in the path, `zone_id`, `zone.name`… in the query. */
  function zonesNamed(c: Context, path: string): string[] {
    const named: string[] = []
    const m = /\/zones\/([^/]+)/.exec(path)
    if (m) named.push(decodeURIComponent(m[1]))
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
          ? await nameOf(ref.toLowerCase())
          : ref.replace(/^(equal|contains|starts_with|ends_with):/, '')
        if (!name || !inScope(zones, name)) return false
      }
      return true
    },
    /** Removes zones outside the scope from a `GET /zones` answer. */
    async filterZoneList(res: Response, zones: ZoneScope): Promise<Response> {
      if (zones === '*' || !res.ok) return res
      const body = (await res.json()) as { result?: { name: string }[]; result_info?: Record<string, number> }
      const before = body.result?.length ?? 0
      const kept = (body.result ?? []).filter((z) => inScope(zones, z.name))
      body.result = kept
      if (body.result_info) {
        const hidden = before - kept.length
        body.result_info = {
          ...body.result_info,
          count: kept.length,
          total_count: Math.max(kept.length, (body.result_info.total_count ?? 0) - hidden),
        }
      }
      const headers = new Headers(res.headers)
      headers.delete('content-length')
      return new Response(JSON.stringify(body), { status: res.status, headers })
    },
  }
}
