import { searchEnumSchema, tableSearchSchema, type SearchOf, type UrlTableOptions } from '@/components/data-table/url-table-state'

/**
 * The packs table's URL: paging plus the status filter. The API knows one value, `all`
 * (every status); without it only active packs are listed.
 */
export const certificatePacksSearchSchema = tableSearchSchema({ status: searchEnumSchema(['all']) })
export type CertificatePacksSearch = SearchOf<typeof certificatePacksSearchSchema>

/** per_page is 5–50 for certificate packs, 20 by default; the API has no sort parameter. */
export const certificatePacksTableOptions: UrlTableOptions = { defaultPerPage: 20, pageSizes: [10, 20, 50] }

export function certificatePacksApiParams(search: CertificatePacksSearch) {
  const sizes = certificatePacksTableOptions.pageSizes ?? []
  return {
    status: search.status,
    page: search.page ?? 1,
    per_page: search.per_page && sizes.includes(search.per_page) ? search.per_page : certificatePacksTableOptions.defaultPerPage,
  }
}
