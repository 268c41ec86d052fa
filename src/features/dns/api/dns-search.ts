import {
  searchBooleanSchema,
  searchEnumListSchema,
  searchTextSchema,
  tableSearchSchema,
  type SearchOf,
  type UrlTableOptions,
} from '@/components/data-table/url-table-state'
import { ALL_DNS_RECORD_TYPES } from '@/shared/dns/record-types'

/**
 * The DNS page's URL: paging, sorting and the filters, keyed exactly as the API's list query
 * (`dnsRecordsSearchSchema` in src/shared/schemas/dns-records-search.ts), so the URL is the query.
 * Built from the zod-free field readers because it is part of the route (first-load bundle);
 * `dns-api-params.test.ts` proves every value it lets through is accepted by the shared schema.
 */
export const dnsSearchSchema = tableSearchSchema({
  type: searchEnumListSchema(ALL_DNS_RECORD_TYPES),
  'name.contains': searchTextSchema,
  'content.contains': searchTextSchema,
  proxied: searchBooleanSchema,
  'comment.contains': searchTextSchema,
  tag: searchTextSchema,
})
export type DnsSearch = SearchOf<typeof dnsSearchSchema>

/** Filter keys of the page (everything but paging and sorting). */
export const DNS_FILTER_KEYS = ['type', 'name.contains', 'content.contains', 'proxied', 'comment.contains', 'tag'] as const

/** Sort orders the API accepts (the sortable column ids); the API sorts by type when none is given. */
export const DNS_ORDERS = ['type', 'name', 'content', 'ttl', 'proxied'] as const

export const dnsTableOptions: UrlTableOptions = {
  defaultPerPage: 50,
  pageSizes: [25, 50, 100],
  defaultSort: { id: 'type', desc: false },
}
