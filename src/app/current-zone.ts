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

export function forgetZone(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // ignore
  }
}

export function lastZone(): RememberedZone | undefined {
  try {
    const raw = localStorage.getItem(KEY)
    const v = raw ? (JSON.parse(raw) as Partial<RememberedZone>) : undefined
    return v && typeof v.id === 'string' && typeof v.name === 'string' && /^[0-9a-f]{32}$/.test(v.id) ? { id: v.id, name: v.name } : undefined
  } catch {
    return undefined
  }
}

/** The zone in the URL, if the current page is inside one. */
export function useZoneIdFromUrl(): string | undefined {
  const params = useParams({ strict: false }) as { zoneId?: string }
  return params.zoneId
}

/** Path for another zone: same area when inside a zone (/zones/A/dns → /zones/B/dns), else the overview. */
export function switchZonePath(pathname: string, currentId: string | undefined, nextId: string): string {
  const m = /^\/zones\/[0-9a-f]{32}(\/[^/?#]*)?/.exec(pathname)
  if (currentId && m) return `/zones/${nextId}${m[1] ?? ''}`
  return `/zones/${nextId}`
}
