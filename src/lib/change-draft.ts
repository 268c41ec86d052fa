import { MAX_CHANGE_ITEMS } from '@/shared/change-request-limit'
import { read, write, type DraftItem } from './change-draft-store'

/**
 * The change request being gathered: adding and removing changes. Its storage and the hook that reads
 * it are in ./change-draft-store (the shell's tray slot needs only those); ./change-requests re-exports
 * this beside the zone's approval queries.
 */
export { useChangeDraft, type DraftItem } from './change-draft-store'

/** The draft's items for this zone with `added` in: a second change to the same record replaces the first. */
function merged(zoneId: string, added: DraftItem[]): DraftItem[] {
  const d = read()
  const items = d && d.zoneId === zoneId ? d.items : []
  const key = (x: DraftItem) => ('recordId' in x ? `${x.kind ?? 'dns_record'}:${x.recordId}` : null)
  const replaced = new Set(added.map(key).filter((k): k is string => k !== null))
  return [...items.filter((x) => !replaced.has(key(x) ?? '')), ...added]
}

/** Said when a batch would leave more changes in the draft than one request holds. */
export const tooManyChanges = (size: number) =>
  `A request holds at most ${MAX_CHANGE_ITEMS} changes (this would make ${size}): select fewer records, or send the request first.`

export const changeDraft = {
  /**
   * Adds a change; a draft for another zone is replaced (one request is for one zone). A second change
   * to the same record replaces the first. One change is never refused here: a draft past the limit is
   * refused when sent, with the schema's words, and the person removes changes from the tray.
   */
  add(zoneId: string, zoneName: string, item: DraftItem) {
    write({ zoneId, zoneName, items: merged(zoneId, [item]) })
  },
  /**
   * Adds several changes at once (a bulk action, an import, found records), with the same rules as
   * `add`, unless the draft would then hold more than one request takes (MAX_CHANGE_ITEMS, counted
   * after replacements): then nothing is added and the size it would have had is answered.
   */
  addMany(zoneId: string, zoneName: string, added: DraftItem[]): { added: true } | { added: false; size: number } {
    const items = merged(zoneId, added)
    if (items.length > MAX_CHANGE_ITEMS) return { added: false, size: items.length }
    write({ zoneId, zoneName, items })
    return { added: true }
  },
  remove(index: number) {
    const d = read()
    if (d) write({ ...d, items: d.items.filter((_, i) => i !== index) })
  },
  clear: () => write(null),
}
