import type { Context } from 'hono'
import type { Forward } from '.'
import { tableRead } from './table-read'

/** Live names kept at most; past it the least recently used one goes (one at a time, never all at once). */
export const ZONE_NAMES_KEPT = 5000
/** A live name is asked again after this long (zones come and go; an id never changes name). */
export const ZONE_NAME_TTL_MS = 10 * 60_000

/** One set of names per forward: the audit and the zone scope of an app share them. */
const byForward = new WeakMap<Forward, ReturnType<typeof createZoneNames>>()

/**
 * Zone id → name through the API itself. Only live names are kept: a practising session asks its
 * own sandbox every time (cheap, in-process, and its zones are not the live account's: a zone
 * missing from a practice copy must never read as missing live). Only names are kept, never a "not
 * found" (asked again next time), and a full map drops its least recently used name, one at a time.
 */
export function zoneNames(forward: Forward): ReturnType<typeof createZoneNames> {
  let names = byForward.get(forward)
  if (!names) byForward.set(forward, (names = createZoneNames(forward)))
  return names
}

function createZoneNames(forward: Forward, now: () => number = Date.now) {
  const live = new Map<string, { name: string; at: number }>()
  const practising = (c: Context) => c.get('zkPractice') !== undefined
  const fresh = (id: string) => {
    const hit = live.get(id)
    if (!hit) return undefined
    if (now() - hit.at >= ZONE_NAME_TTL_MS) {
      live.delete(id)
      return undefined
    }
    return hit
  }
  return {
    /** The live name when already known, without asking the API. */
    known: (id: string): string | null => fresh(id)?.name ?? null,
    /** Asked through `c`'s forward: a practising session's zone names come from its own sandbox. */
    async nameOf(id: string, c: Context): Promise<string | null> {
      const isLive = !practising(c)
      if (isLive) {
        const hit = fresh(id)
        if (hit) {
          live.delete(id)
          live.set(id, hit)
          return hit.name
        }
      }
      const res = await forward(tableRead(`/zones/${id}`), c)
      const body = (await res.json().catch(() => null)) as { result?: { name?: unknown } } | null
      const name = res.ok && typeof body?.result?.name === 'string' ? body.result.name.toLowerCase() : null
      if (isLive && name !== null) {
        live.delete(id)
        while (live.size >= ZONE_NAMES_KEPT) live.delete(live.keys().next().value!)
        live.set(id, { name, at: now() })
      }
      return name
    },
    /** A live name the caller has just read from the API itself (a zone's own object): not asked again. */
    remember(id: string, name: string): void {
      live.delete(id)
      while (live.size >= ZONE_NAMES_KEPT) live.delete(live.keys().next().value!)
      live.set(id, { name: name.toLowerCase(), at: now() })
    },
    /** How many live names are kept (the administrators' panel). */
    size: () => live.size,
  }
}
