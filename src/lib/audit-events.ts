import { isUndoableWrite } from '@/shared/undoable'

/**
 * The last write's audit entry, so the toast that reports it can offer "Undo". The API
 * client notes each successful write's entry id (the server's `x-zonekeeper-audit-id` header); the
 * toast asks for a recent one of a kind that can be undone (src/shared/undoable.ts); the undo dialog registers how to open it.
 */

let last: { id: number; at: number } | undefined
let opener: ((id: number) => void) | undefined

/** Called by the API client after a write the server answered with success. */
export function noteWrite(method: string, path: string, res: Response): void {
  const id = Number(res.headers.get('x-zonekeeper-audit-id'))
  if (!res.ok || !id) return
  last = isUndoableWrite(method, path) ? { id, at: Date.now() } : undefined
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
