import { searchTextSchema, tableSearchSchema, type UrlTableOptions } from '@/components/data-table/url-table-state'

/** The load-balancing page's URL: the account (when several) and the pools table's page. */
export const poolsSearchSchema = tableSearchSchema({ account: searchTextSchema })

export const poolsTableOptions: UrlTableOptions = { defaultPerPage: 25, pageSizes: [25, 50, 100] }
