import { zoneNameMatcher } from '../../shared/zones/name-match'
import type { Context } from 'hono'
import type { ZoneScope } from '../store'
import type { Forward } from '../upstream'
import { listOf, QueryError } from '../../shared/lists/query'
import { ZONE_ORDER_FIELDS, ZONES_DEFAULT_PER_PAGE, ZONES_MIN_PER_PAGE, zonesQuery, type ZonesQuery } from '../../shared/lists/zones'
import { jsonError } from '../http/envelope'
import { inScope } from './actor'
import { zoneNames } from '../upstream/zone-names'
import { resultInfo } from '../../shared/lists/result-info'

const HEX_ID = /^[0-9a-f]{32}$/i

/** A path segment decoded, or as sent when its `%` escapes are malformed (then it names no zone in scope). */
const decodeOrRaw = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
/** Zones of a scope looked up at the same time. */
const LOOKUPS_AT_ONCE = 6

interface ZoneItem {
  id: string
  name: string
  status?: string
  account?: { id?: string; name?: string }
  plan?: { id?: string }
  [key: string]: unknown
}

const ORDER_VALUE: Record<(typeof ZONE_ORDER_FIELDS)[number], (z: ZoneItem) => string> = {
  name: (z) => z.name,
  status: (z) => z.status ?? '',
  'account.id': (z) => z.account?.id ?? '',
  'account.name': (z) => z.account?.name ?? '',
  'plan.id': (z) => z.plan?.id ?? '',
}

/**
 * The filters and order of a `GET /zones` query (read by the list's one declaration, `zonesQuery`),
 * applied to zone objects as the API applies them (name, status, account.id, account.name with
 * `match` all or any; order, then name; direction).
 */
function zoneFilter(q: ZonesQuery): { keep: (z: ZoneItem) => boolean; compare: (a: ZoneItem, b: ZoneItem) => number } {
  const tests: ((z: ZoneItem) => boolean)[] = []
  if (q.name) {
    const t = zoneNameMatcher(q.name)
    tests.push((z) => t(z.name))
  }
  if (q.status) tests.push((z) => z.status === q.status)
  const accountId = q['account.id']
  if (accountId) tests.push((z) => z.account?.id === accountId)
  if (q['account.name']) {
    const t = zoneNameMatcher(q['account.name'])
    tests.push((z) => t(z.account?.name ?? ''))
  }
  const value = ORDER_VALUE[q.order ?? 'name']
  const sign = q.direction === 'desc' ? -1 : 1
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return {
    keep: (z) => !tests.length || (q.match === 'any' ? tests.some((t) => t(z)) : tests.every((t) => t(z))),
    compare: (a, b) => sign * (cmp(value(a), value(b)) || cmp(a.name, b.name)),
  }
}

/** The query as the API reads it, or undefined when it holds a value the API refuses. */
function readZonesQuery(asked: URLSearchParams): ZonesQuery | undefined {
  try {
    return zonesQuery.read(asked)
  } catch (e) {
    if (e instanceof QueryError) return undefined
    throw e
  }
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
     * `GET /zones` for a person with a list of zones. Each zone of the scope is looked up by its name
     * (`GET /zones?name=<zone>`, a shared, briefly kept read: budget/shared-reads.ts), then the filters
     * and the order asked for are applied here and the page asked for is cut, so `total_count`,
     * `total_pages` and paging are exact and the cost is one call per zone in scope (none while kept),
     * whatever the account's size. A filter value the API would refuse is sent to it once, so its own
     * 400 says why.
     */
    async scopedZoneList(c: Context, zones: readonly string[]): Promise<Response> {
      const asked = new URL(c.req.url).searchParams
      const q = readZonesQuery(asked)
      // Paging that is not a number at all, or a filter the API refuses: its own 400 says which (one
      // zone at most leaks into nothing: a refusal has no result, and a success is not passed on).
      if (!q) {
        const probe = new URLSearchParams(asked)
        probe.set('per_page', String(ZONES_MIN_PER_PAGE))
        const res = await forward({ method: 'GET', pathAndQuery: `/zones?${probe}` }, c)
        if (!res.ok) return res
        void res.body?.cancel().catch(() => {})
        return jsonError(400, 1001, 'The zone list query holds a value the dashboard cannot apply to your zones.')
      }
      const filter = zoneFilter(q)
      const size = q.per_page ?? ZONES_DEFAULT_PER_PAGE
      const types = listOf(q.type)
      const names = [...new Set(zones.map((z) => z.toLowerCase()))]
      const found: ZoneItem[] = []
      let failed: Response | undefined
      // The oldest stale lookup (the budget ran low: budget/shared-reads.ts), said on the whole list.
      let staleAge: number | undefined
      let next = 0
      const lookUp = async () => {
        while (next < names.length && !failed) {
          const name = names[next++]
          const query = new URLSearchParams({ name })
          for (const t of types) query.append('type', t)
          const res = await forward({ method: 'GET', pathAndQuery: `/zones?${query}` }, c)
          if (!res.ok) {
            failed ??= res
            return
          }
          if (res.headers.get('x-zonekeeper-shared') === 'stale') staleAge = Math.max(staleAge ?? 0, Number(res.headers.get('age')) || 0)
          const body = (await res.json()) as { result?: ZoneItem[] }
          for (const z of body.result ?? []) if (typeof z.name === 'string' && inScope(zones as string[], z.name)) found.push(z)
        }
      }
      await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, names.length) }, lookUp))
      if (failed) return failed
      const unique = [...new Map(found.map((z) => [z.id, z])).values()]
      const kept = unique.filter(filter.keep).sort(filter.compare)
      const at = q.page ?? 1
      const result = kept.slice((at - 1) * size, at * size)
      const result_info = resultInfo({ page: at, perPage: size }, result.length, kept.length)
      return new Response(JSON.stringify({ result, result_info, success: true, errors: [], messages: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json', ...(staleAge === undefined ? {} : { 'x-zonekeeper-shared': 'stale', age: String(staleAge) }) },
      })
    },
  }
}
