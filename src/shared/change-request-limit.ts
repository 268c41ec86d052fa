/**
 * Most changes in one request: what one DNS batch takes on every plan (200 on Free), so the apply
 * stays one unit. Apart from the request schemas (zod), so the draft of every page's first load
 * (src/lib/change-draft.ts) checks the same figure without loading them.
 */
export const MAX_CHANGE_ITEMS = 200
