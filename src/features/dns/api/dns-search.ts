import { dnsRecordsQuery, DNS_RECORD_ORDER_FIELDS } from '@/shared/lists/dns-records'
import { listPage } from '@/shared/lists/page'

/**
 * The DNS page's URL, derived from the DNS record list's one query (`dnsRecordsQuery`,
 * src/shared/lists/dns-records.ts) and keyed exactly as it, so the URL is the query: paging, sorting
 * and the filters the page offers. The page object is the route's `validateSearch`, the table's URL
 * options and the API query's mapper (`dnsPage.apiQuery`).
 */
export const dnsPage = listPage(dnsRecordsQuery, {
  filters: ['type', 'name.contains', 'content.contains', 'proxied', 'comment.contains', 'tag'],
  // The API sorts by type when none is given.
  orders: DNS_RECORD_ORDER_FIELDS,
  defaultSort: { id: 'type', desc: false },
  defaultPerPage: 50,
  pageSizes: [25, 50, 100],
  // The table flags records shadowed by a delegation, as the service's dashboard does.
  always: { include_shadow_metadata: true },
})
export type DnsSearch = ReturnType<typeof dnsPage.parse>
