/**
 * Cooperative time slicing for long work in the sandbox (imports, exports, deletes): the work checks
 * `due()` between items and, once it has run for `budgetMs`, awaits `pause()`, which lets the event
 * loop answer other requests before the work goes on. No request then holds the loop for long.
 */
export interface SliceClock {
  due(): boolean
  pause(): Promise<void>
}

/** Our slice length: well under the 100 ms any request may hold the event loop. */
export const SLICE_MS = 10

export function sliceClock(budgetMs = SLICE_MS): SliceClock {
  let start = performance.now()
  return {
    due: () => performance.now() - start >= budgetMs,
    pause: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve))
      start = performance.now()
    },
  }
}
