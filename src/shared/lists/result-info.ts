/**
 * `result_info` of a page-style list as the service answers it (api-notes §1.1, §13.4): `page`,
 * `per_page`, `count` (items in this page), `total_count` and `total_pages`, in that order. Clients
 * such as octodns stop when `count < per_page`, so every figure must be right. One function for the
 * sandbox, the server's own lists and the browser (zod-free: the browser imports it).
 */
export interface PageInfo {
  page: number
  per_page: number
  count: number
  total_count: number
  total_pages: number
}

/** One page of a paged list: `total_pages` counts whole pages of `perPage` (0 for an empty list). */
export function resultInfo(paging: { page: number; perPage: number }, count: number, totalCount: number): PageInfo {
  return {
    page: paging.page,
    per_page: paging.perPage,
    count,
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / paging.perPage),
  }
}

/**
 * A list answered in one page (no paging asked or offered): page 1 of 1. `perPage` is what the
 * answer reports as its page size (by default the rows it holds); `totalCount` is the rows matching
 * when the answer holds fewer (an export capped below the total).
 */
export function onePage(count: number, opts: { perPage?: number; totalCount?: number } = {}): PageInfo {
  return { page: 1, per_page: opts.perPage ?? count, count, total_count: opts.totalCount ?? count, total_pages: 1 }
}
