import { ZONE_STATUSES, type ZoneOrder } from '@/shared/lists/zones'
import { searchEnumSchema, searchTextSchema, tableSearchSchema, type SearchOf, type UrlTableOptions } from '@/components/data-table/url-table-state'

/** Sort orders the zones list accepts (api-notes §2.1). Also the sortable column ids. */
export const ZONE_ORDERS = ['name', 'status', 'account.name'] as const satisfies readonly ZoneOrder[]

/** The zones page's URL: paging, sorting, name search and status filter. */
export const zonesSearchSchema = tableSearchSchema({
  name: searchTextSchema,
  status: searchEnumSchema(ZONE_STATUSES),
})
export type ZonesSearch = SearchOf<typeof zonesSearchSchema>

/** per_page is 5–50 for zones, 20 by default. */
export const zonesTableOptions: UrlTableOptions = {
  defaultPerPage: 20,
  pageSizes: [10, 20, 50],
  defaultSort: { id: 'name', desc: false },
}

/** The API query for a zones search: the name filter is a "contains" match. */
export function zonesApiParams(search: ZonesSearch) {
  const order = search.order && (ZONE_ORDERS as readonly string[]).includes(search.order) ? search.order : undefined
  return {
    name: search.name ? `contains:${search.name}` : undefined,
    status: search.status,
    order: order ?? 'name',
    direction: search.direction ?? 'asc',
    page: search.page ?? 1,
    per_page: search.per_page && zonesTableOptions.pageSizes?.includes(search.per_page) ? search.per_page : zonesTableOptions.defaultPerPage,
  }
}
