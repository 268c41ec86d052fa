import { useSyncExternalStore } from 'react'
import type { ChangeItemInput } from '@/shared/schemas/change-requests'

/**
 * The change request being gathered, kept in the tab's session storage until it is sent: reading it
 * and being told of changes. The shell shows the tray whenever it holds a change, so this is part of
 * every page's first load; the ways to change it (./change-draft, which re-exports this) load with the
 * pages that add changes.
 */
export type DraftItem = ChangeItemInput & { label: string }
export interface Draft {
  zoneId: string
  zoneName: string
  items: DraftItem[]
}

const KEY = 'zonekeeper.change-draft'
const listeners = new Set<() => void>()
let cached: Draft | null | undefined

export function read(): Draft | null {
  if (cached !== undefined) return cached
  try {
    cached = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Draft | null
  } catch {
    cached = null
  }
  return cached
}
export function write(d: Draft | null) {
  cached = d && d.items.length ? d : null
  try {
    if (cached) sessionStorage.setItem(KEY, JSON.stringify(cached))
    else sessionStorage.removeItem(KEY)
  } catch {
    // storage full or off: the draft lives as long as the page
  }
  for (const l of listeners) l()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
export const useChangeDraft = (): Draft | null => useSyncExternalStore(subscribe, read, () => null)
