import type { RecordFields, Store, ZoneFields } from '../store'

/** A DNS record as the API answers it (the fields the index keeps). */
export interface ApiRecord {
  id: string
  type: string
  name: string
  content?: string
  proxied?: boolean
  proxiable?: boolean
  ttl?: number
  comment?: string | null
  tags?: string[]
}

/** A zone as the API answers it (the fields the index keeps). */
export interface ApiZone {
  id: string
  name: string
  account?: { id?: string }
  modified_on?: string
}

export const isRecord = (r: unknown): r is ApiRecord =>
  typeof r === 'object' && r !== null && typeof (r as ApiRecord).id === 'string' && typeof (r as ApiRecord).type === 'string' && typeof (r as ApiRecord).name === 'string'

export const recordFields = (r: ApiRecord): RecordFields => ({
  record_id: r.id,
  type: r.type,
  name: r.name,
  content: r.content ?? '',
  // A type that cannot be proxied is said proxied: false by the API; kept as null so "proxied" is not claimed.
  proxied: r.proxiable === false ? null : r.proxied ? 1 : 0,
  ttl: r.ttl ?? 1,
  comment: r.comment ?? '',
  tags: (r.tags ?? []).join('\n'),
})

export const zoneFields = (z: ApiZone): ZoneFields => {
  const modified = z.modified_on ? Date.parse(z.modified_on) : NaN
  return { zone_id: z.id, zone_name: z.name, account_id: z.account?.id ?? '', modified_at: Number.isFinite(modified) ? modified : null }
}

/** A zone as the index knows it (from the reader's zone list), or undefined: never a call to the API. */
export async function knownZone(store: Store, owner: string, zoneId: string): Promise<ZoneFields | undefined> {
  const known = await store.recordIndex.zone(owner, zoneId)
  return known ? { zone_id: known.zone_id, zone_name: known.zone_name, account_id: known.account_id } : undefined
}

