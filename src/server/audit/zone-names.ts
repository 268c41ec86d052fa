import type { Context } from 'hono'
import type { Forward } from '../upstream'

/** Zone id → name through the API itself, remembered (a zone's id never changes name). */
export function zoneNames(forward: Forward) {
  const known = new Map<string, string | null>()
  return {
    /** The name when already known, without asking the API. */
    known: (id: string): string | null => known.get(id) ?? null,
    /** Asked through `c`'s forward: a practising session's zone names come from its own sandbox. */
    async nameOf(id: string, c: Context): Promise<string | null> {
      const hit = known.get(id)
      if (hit !== undefined) return hit
      const res = await forward({ method: 'GET', pathAndQuery: `/zones/${id}` }, c)
      const body = (await res.json().catch(() => null)) as { result?: { name?: unknown } } | null
      const name = res.ok && typeof body?.result?.name === 'string' ? body.result.name.toLowerCase() : null
      if (name !== null || res.status === 404) {
        if (known.size > 5000) known.clear()
        known.set(id, name)
      }
      return name
    },
  }
}
