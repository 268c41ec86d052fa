import { ALL_DNS_RECORD_TYPES } from '../dns/record-type-names'
import { boolean, choice, choices, flag, listQuery, text, texts, whole, type QueryOf } from './query'

/**
 * The DNS record list (api-notes §3.2), once for the shared schemas, the sandbox and the DNS page.
 * No zod here: the browser's first load imports it.
 */

export const DNS_RECORD_ORDER_FIELDS = ['type', 'name', 'content', 'ttl', 'proxied'] as const
export const DNS_RECORDS_DEFAULT_PER_PAGE = 100
export const DNS_RECORDS_MAX_PER_PAGE = 5_000_000

const match = (key: string) => choice(['all', 'any'], { ignoreCase: true, message: `${key} must be all or any.` })

/**
 * GET …/dns_records's query, keyed exactly as the API's query string (`name.contains`,
 * `tag.present`...), read by the sandbox (emulator/dns/list.ts) and the DNS page's URL
 * (features/dns/api/dns-search.ts). Filters combine with `match` (all | any); tag filters combine
 * with `tag_match` first. Name, content, comment and tag filters ignore case; a repeated key's
 * values are alternatives (type=A&type=AAAA: either type).
 */
export const dnsRecordsQuery = listQuery({
  type: choices(ALL_DNS_RECORD_TYPES, {
    upper: true,
    message: (bad) => `Unknown record type "${bad}". Use one of ${ALL_DNS_RECORD_TYPES.join(', ')}.`,
  }),
  name: texts(),
  'name.exact': texts(),
  'name.contains': texts(),
  'name.startswith': texts(),
  'name.endswith': texts(),
  content: texts(),
  'content.exact': texts(),
  'content.contains': texts(),
  'content.startswith': texts(),
  'content.endswith': texts(),
  proxied: boolean(),
  comment: texts(),
  'comment.present': flag(),
  'comment.absent': flag(),
  'comment.exact': texts(),
  'comment.contains': texts(),
  'comment.startswith': texts(),
  'comment.endswith': texts(),
  /** `name` or `name:value`; `tag.exact|contains|startswith|endswith` take `name:value`. */
  tag: texts(),
  'tag.present': texts(),
  'tag.absent': texts(),
  'tag.exact': texts(),
  'tag.contains': texts(),
  'tag.startswith': texts(),
  'tag.endswith': texts(),
  tag_match: match('tag_match'),
  search: text(),
  match: match('match'),
  order: choice(DNS_RECORD_ORDER_FIELDS),
  direction: choice(['asc', 'desc'], { ignoreCase: true, message: 'direction must be asc or desc.' }),
  page: whole(1, Number.MAX_SAFE_INTEGER, { clamp: true }),
  per_page: whole(1, DNS_RECORDS_MAX_PER_PAGE, { clamp: true }),
  /** Adds shadow metadata to each record's `meta` (records below an NS delegation; api-notes §14). */
  include_shadow_metadata: boolean(),
})
export type DnsRecordsQuery = QueryOf<typeof dnsRecordsQuery.fields>
