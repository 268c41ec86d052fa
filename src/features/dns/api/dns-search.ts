import {
  searchBooleanSchema,
  searchEnumListSchema,
  searchTextSchema,
  tableSearchSchema,
  type SearchField,
  type SearchOf,
  type UrlTableOptions,
} from '@/components/data-table/url-table-state'
import { ALL_DNS_RECORD_TYPES, type AnyDnsRecordType } from '@/shared/dns/record-types'
import { DNS_RECORD_ORDER_FIELDS } from '@/shared/lists/dns-records'

/**
 * The DNS page's URL: paging, sorting and the filters, keyed exactly as the API's list query
 * (`dnsRecordsSearchSchema` in src/shared/schemas/dns-records-search.ts), so the URL is the query.
 * Built from the zod-free field readers because it is part of the route (first-load bundle);
 * `dns-api-params.test.ts` proves every value it lets through is accepted by the shared schema.
 */
const typeList = searchEnumListSchema(ALL_DNS_RECORD_TYPES)

/** One type (`type=MX`, what the filter sets) or several (`type=A,AAAA`: any of them). */
const typeFilter: SearchField<AnyDnsRecordType | AnyDnsRecordType[]> = (v) => {
  const list = typeList(v)
  return list?.length === 1 ? list[0] : list
}

export const dnsSearchSchema = tableSearchSchema({
  type: typeFilter,
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
export const DNS_ORDERS = DNS_RECORD_ORDER_FIELDS

export const dnsTableOptions: UrlTableOptions = {
  defaultPerPage: 50,
  pageSizes: [25, 50, 100],
  defaultSort: { id: 'type', desc: false },
}
