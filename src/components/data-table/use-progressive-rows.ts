import { startTransition, useEffect, useState } from 'react'

/** Rows rendered at once: about what the table's scroll area shows before any scrolling. */
export const FIRST_ROWS = 20

/**
 * How many of a page's `total` rows to render: the first FIRST_ROWS at once, the rest in a
 * transition right after. A page of 50 or 100 rows then paints its top rows sooner, and React
 * renders the others in small slices, so paging or sorting never blocks the page for long.
 * Starts over when `page` (anything that identifies the rows shown) changes.
 */
export function useProgressiveRows(total: number, page: string): number {
  const [state, setState] = useState({ page, all: total <= FIRST_ROWS })
  const current = state.page === page ? state : { page, all: total <= FIRST_ROWS }
  if (current !== state) setState(current) // a new page: render its first rows first (React re-renders at once)
  useEffect(() => {
    if (!current.all) startTransition(() => setState((s) => (s.page === page ? { page, all: true } : s)))
  }, [current.all, page])
  return current.all ? total : Math.min(total, FIRST_ROWS)
}
