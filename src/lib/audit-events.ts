/**
 * The last write's audit entry, so the toast that reports it can offer "Undo". The API
 * client notes each successful write's entry id (the server's `x-zonekeeper-audit-id` header); the
 * toast asks for a recent one of a kind that can be undone (src/shared/undoable.ts); the undo dialog registers how to open it.
 */

let last: { id: number; at: number } | undefined
let opener: ((id: number) => void) | undefined

// Which writes can be undone (a table of the API's paths) loads with the first write, not with the
// shell every page loads first; writes wait for it, so the toast that reports one knows at once.
let classifier: Promise<((method: string, path: string) => boolean) | undefined> | undefined
const undoableWrite = () =>
  (classifier ??= import('@/shared/undoable').then(
    (m) => m.isUndoableWrite,
    () => {
      classifier = undefined // asked again with the next write
      return undefined
    },
  ))

/** Called (and awaited) by the API client after a write the server answered with success. */
export async function noteWrite(method: string, path: string, res: Response): Promise<void> {
  const id = Number(res.headers.get('x-zonekeeper-audit-id'))
  if (!res.ok || !id) return
  const at = Date.now()
  const isUndoableWrite = await undoableWrite()
  last = isUndoableWrite?.(method, path) ? { id, at } : undefined
}

/** The entry of the write that just succeeded (within a few seconds), once. */
export function takeRecentUndoable(): number | undefined {
  const hit = last && Date.now() - last.at < 5_000 ? last.id : undefined
  last = undefined
  return hit
}

export const registerUndoOpener = (open: ((id: number) => void) | undefined) => void (opener = open)
export const openUndo = (id: number) => opener?.(id)
export const canOpenUndo = () => opener !== undefined
