/**
 * Shadowed records (the service's "Shadowed records" reference): an NS record below the apex
 * delegates its name and everything under it to other name servers, so records kept at or below it
 * are not served by this zone ("shadowed"). A or AAAA records named as a target of the delegating
 * NS are glue (still served in referrals), unless a shallower delegation takes the name first
 * ("dead glue"). Computed at read time, never stored.
 */

export interface Delegation {
  id: string
  /** Lower-case FQDN of the NS record (not the apex). */
  name: string
  /** The name server host it points to. */
  content: string
}

export interface ShadowMeta {
  shadowed_by?: string[]
  is_glue?: true
  dead_glue?: true
}

/** Types that belong at the delegation point itself and are not shadowed by it. */
const AT_CUT = new Set(['NS', 'DS'])

const host = (s: string) => s.trim().toLowerCase().replace(/\.$/, '')

/** The names from `name` up to (not including) the apex: www.sub.example.com → [www.sub…, sub…]. */
function ancestors(name: string, apex: string): string[] {
  const out: string[] = []
  for (let n = name; n !== apex && n.endsWith(`.${apex}`); n = n.slice(n.indexOf('.') + 1)) out.push(n)
  return out
}

/** Groups a zone's non-apex NS records by the name they delegate. */
export function delegationsByName(apex: string, ns: readonly Delegation[]): Map<string, Delegation[]> {
  const map = new Map<string, Delegation[]>()
  for (const d of ns) {
    const name = host(d.name)
    if (name === host(apex)) continue
    map.set(name, [...(map.get(name) ?? []), d])
  }
  return map
}

/** The shadow fields of one record (empty when it is not shadowed). */
export function shadowMeta(apex: string, delegations: Map<string, Delegation[]>, record: { type: string; name: string }): ShadowMeta {
  const zone = host(apex)
  const name = host(record.name)
  if (name === zone || delegations.size === 0) return {}
  const shadowing: { at: string; ns: Delegation[] }[] = []
  for (const at of ancestors(name, zone)) {
    const ns = delegations.get(at)
    // NS records at the delegation's own name are the delegation, and its DS is served by this zone.
    if (!ns || (AT_CUT.has(record.type) && at === name)) continue
    shadowing.push({ at, ns })
  }
  if (shadowing.length === 0) return {}
  const meta: ShadowMeta = { shadowed_by: shadowing.flatMap((s) => s.ns.map((d) => d.id)) }
  if (record.type === 'A' || record.type === 'AAAA') {
    const glueFor = shadowing.filter((s) => s.ns.some((d) => host(d.content) === name))
    if (glueFor.length) {
      meta.is_glue = true
      // The deepest delegation that needs this glue is cut off when a shallower one exists above it.
      const deepest = glueFor.reduce((a, b) => (a.at.length >= b.at.length ? a : b))
      if (shadowing.some((s) => s.at.length < deepest.at.length)) meta.dead_glue = true
    }
  }
  return meta
}
