/**
 * Undoes the audit entries of one bulk run as one: newest first (the reverse of the order they were
 * made), one after another, stopping at the first that fails; the ones before it stay undone and
 * the rest are left as they are. The server undoes one entry at a time (each itself audited), so a
 * run of several batch requests is undone by this sequence in the browser.
 */
export interface UndoSequenceResult {
  /** Entries undone, in the order they were undone. */
  undone: number[]
  /** The entry that failed, and why; the entries after it were not tried. */
  failed?: { entry: number; error: unknown }
  /** Entries not tried because an earlier one failed. */
  left: number[]
}

export async function undoInOrder(
  entries: readonly number[],
  undo: (entry: number) => Promise<unknown>,
  onProgress?: (done: number, total: number) => void,
): Promise<UndoSequenceResult> {
  const order = [...entries].reverse()
  const undone: number[] = []
  for (let i = 0; i < order.length; i++) {
    onProgress?.(i, order.length)
    try {
      await undo(order[i])
      undone.push(order[i])
    } catch (error) {
      return { undone, failed: { entry: order[i], error }, left: order.slice(i + 1) }
    }
  }
  onProgress?.(order.length, order.length)
  return { undone, left: [] }
}
