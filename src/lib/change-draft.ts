import { useSyncExternalStore } from 'react'
import type { ChangeItemInput } from '@/shared/schemas/change-requests'

/**
 * The change request being gathered (issue 25), kept in the tab's session storage until it is sent.
 * The shell shows the tray whenever it holds a change, so this is part of every page's first load;
 * ./change-requests re-exports it beside the zone's approval queries.
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

function read(): Draft | null {
  if (cached !== undefined) return cached
  try {
    cached = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Draft | null
  } catch {
    cached = null
  }
  return cached
}
function write(d: Draft | null) {
  cached = d && d.items.length ? d : null
  try {
    if (cached) sessionStorage.setItem(KEY, JSON.stringify(cached))
    else sessionStorage.removeItem(KEY)
  } catch {
    // storage full or off: the draft lives as long as the page
  }
  for (const l of listeners) l()
}

export const changeDraft = {
  /** Adds a change; a draft for another zone is replaced (one request is for one zone). A second change to the same record replaces the first. */
  add(zoneId: string, zoneName: string, item: DraftItem) {
    changeDraft.addMany(zoneId, zoneName, [item])
  },
  /** Adds several changes at once (a bulk action, an import), with the same rules as `add`. */
  addMany(zoneId: string, zoneName: string, added: DraftItem[]) {
    const d = read()
    const items = d && d.zoneId === zoneId ? d.items : []
    const key = (x: DraftItem) => ('recordId' in x ? `${x.kind ?? 'dns_record'}:${x.recordId}` : null)
    const replaced = new Set(added.map(key).filter((k): k is string => k !== null))
    write({ zoneId, zoneName, items: [...items.filter((x) => !replaced.has(key(x) ?? '')), ...added] })
  },
  /** How many changes a new batch of `n` would leave in the draft for this zone. */
  sizeWith(zoneId: string, n: number) {
    const d = read()
    return (d && d.zoneId === zoneId ? d.items.length : 0) + n
  },
  remove(index: number) {
    const d = read()
    if (d) write({ ...d, items: d.items.filter((_, i) => i !== index) })
  },
  clear: () => write(null),
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
export const useChangeDraft = (): Draft | null => useSyncExternalStore(subscribe, read, () => null)
