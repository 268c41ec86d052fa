import { useParams } from '@tanstack/react-router'

const KEY = 'zonekeeper-last-zone'

export interface RememberedZone {
  id: string
  name: string
}

/** Remembers the last zone opened, so zone-scoped navigation works from account-level pages. */
export function rememberZone(id: string, name: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ id, name }))
  } catch {
    // Storage disabled: navigation just falls back to "choose a zone first".
  }
}

export function lastZone(): RememberedZone | undefined {
  try {
    const raw = localStorage.getItem(KEY)
    const v = raw ? (JSON.parse(raw) as Partial<RememberedZone>) : undefined
    return v && isZoneId(v.id) && typeof v.name === 'string' ? { id: v.id, name: v.name } : undefined
  } catch {
    return undefined
  }
}

/** A zone id as the API writes it: 32 lower-case hexadecimal characters. */
export function isZoneId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value)
}

/**
 * The zone in the URL, if the current page is inside one. A malformed id (a "not found" page)
 * counts as no zone, so the shell does not offer links into it or wait for it to load.
 */
export function useZoneIdFromUrl(): string | undefined {
  const params = useParams({ strict: false }) as { zoneId?: string }
  return isZoneId(params.zoneId) ? params.zoneId : undefined
}

/** Path for another zone: same area when inside a zone (/zones/A/dns → /zones/B/dns), else the overview. */
export function switchZonePath(pathname: string, currentId: string | undefined, nextId: string): string {
  const m = /^\/zones\/[0-9a-f]{32}(\/[^/?#]*)?/.exec(pathname)
  if (currentId && m) return `/zones/${nextId}${m[1] ?? ''}`
  return `/zones/${nextId}`
}
