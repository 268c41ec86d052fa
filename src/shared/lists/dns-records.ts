/**
 * The DNS record list's vocabulary (api-notes §3.2), once for the shared schemas, the sandbox and
 * the DNS page. No zod here: the browser's first load imports it.
 */

export const DNS_RECORD_ORDER_FIELDS = ['type', 'name', 'content', 'ttl', 'proxied'] as const
export type DnsRecordOrder = (typeof DNS_RECORD_ORDER_FIELDS)[number]
export const DNS_RECORDS_DEFAULT_PER_PAGE = 100
export const DNS_RECORDS_MAX_PER_PAGE = 5_000_000
