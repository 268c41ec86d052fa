/** A zone as "change them all" last read it from the API for one person: its object and every record. */
export interface ZoneRead {
  zone: { name: string; plan?: { legacy_id?: string | null; id?: string | null } }
  records: Record<string, unknown>[]
}

/** How long a preview's read of a zone object stands in for the apply's (the page applies zone by zone right after). */
export const READ_REUSE_MS = 30_000
/** Reads kept at most (a preview spans at most REPLACE_MAX_ZONES zones; a few people at once). */
const KEPT = 1000

/**
 * The zone objects (name, plan) a preview read, kept a few seconds so that the apply of the same
 * zone by the same person does not read them again (README.md beside this file); its records it
 * always reads again. Each is taken once; any DNS write the dashboard makes to the zone meanwhile
 * (anyone's, `forget`) drops it.
 */
export function plannedReads(now: () => number = Date.now) {
  // Only the zone object: the apply always reads the records again (replace.ts), so a preview's records are not kept.
  const kept = new Map<string, Pick<ZoneRead, 'zone'> & { at: number; zoneId: string }>()
  const key = (person: string, zoneId: string) => `${person}\u0000${zoneId}`
  return {
    keep(person: string, zoneId: string, read: ZoneRead): void {
      const at = now()
      for (const [k, v] of kept) if (at - v.at >= READ_REUSE_MS) kept.delete(k)
      while (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
      kept.set(key(person, zoneId), { zone: read.zone, at, zoneId })
    },
    /** The person's read of the zone when fresh, taken (a second apply reads again). */
    take(person: string, zoneId: string): Pick<ZoneRead, 'zone'> | undefined {
      const k = key(person, zoneId)
      const hit = kept.get(k)
      kept.delete(k)
      return hit && now() - hit.at < READ_REUSE_MS ? { zone: hit.zone } : undefined
    },
    /** The dashboard wrote to this zone's DNS records: nobody's read of it is reused. */
    forget(zoneId: string): void {
      for (const [k, v] of kept) if (v.zoneId === zoneId) kept.delete(k)
    },
  }
}

export type PlannedReads = ReturnType<typeof plannedReads>
