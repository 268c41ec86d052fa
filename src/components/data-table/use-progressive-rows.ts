import { startTransition, useEffect, useState } from 'react'

/** Rows rendered in one go: about what the table's scroll area shows before any scrolling. */
export const ROWS_PER_STEP = 20

/**
 * How many of a page's `total` rows to render: the first ROWS_PER_STEP at once, then
 * ROWS_PER_STEP more in each transition after that. A page of 50 or 100 rows paints its top rows
 * sooner, and no single task renders, inserts and lays out all of them, so paging or sorting never
 * blocks the page for long. Starts over when `page` (anything that identifies the rows) changes.
 */
export function useProgressiveRows(total: number, page: string): number {
  const [state, setState] = useState({ page, shown: ROWS_PER_STEP })
  const current = state.page === page ? state : { page, shown: ROWS_PER_STEP }
  if (current !== state) setState(current) // a new page: its first rows first (React re-renders at once)
  useEffect(() => {
    if (current.shown >= total) return
    const next = current.shown + ROWS_PER_STEP
    // After this paint, not in it: a frame between steps lets input and paint through.
    const id = requestAnimationFrame(() => startTransition(() => setState((s) => (s.page === page ? { page, shown: next } : s))))
    return () => cancelAnimationFrame(id)
  }, [current.shown, page, total])
  return Math.min(total, current.shown)
}
