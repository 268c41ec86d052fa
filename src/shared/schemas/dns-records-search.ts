import { z } from 'zod'
import { ALL_DNS_RECORD_TYPES } from '../dns/record-types'
import { directionSchema, queryBooleanSchema } from './common'

/**
 * Query of the DNS record list (api-notes §3.2), keyed exactly as the API's query string
 * (`name.contains`, `tag.present`...), so the dashboard can keep it as its URL state and send it
 * as is: `new URLSearchParams(Object.entries(search))`. Filters combine with `match` (all | any);
 * tag filters combine with `tag_match` first. Name, content, comment and tag filters are
 * case-insensitive. `type` may repeat (type=A&type=AAAA): any of them matches.
 */

export const DNS_RECORD_ORDER_FIELDS = ['type', 'name', 'content', 'ttl', 'proxied'] as const
export const DNS_RECORDS_DEFAULT_PER_PAGE = 100
export const DNS_RECORDS_MAX_PER_PAGE = 5_000_000

/** An integer query value that may arrive as a string ("2") or a number (2). */
export const intParam = (label: string, min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d+$/, { error: `${label} must be a whole number.` })
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int({ error: `${label} must be a whole number.` })
        .min(min, { error: `${label} must be between ${min} and ${max}.` })
        .max(max, { error: `${label} must be between ${min} and ${max}.` }),
    )

const text = z.string()
export const dnsRecordTypeFilterSchema = z.enum(ALL_DNS_RECORD_TYPES, {
  error: `Record type must be one of ${ALL_DNS_RECORD_TYPES.join(', ')}.`,
})
export const matchSchema = z.enum(['all', 'any'], { error: 'match must be all or any.' })

export const dnsRecordsSearchSchema = z.object({
  type: z.union([dnsRecordTypeFilterSchema, z.array(dnsRecordTypeFilterSchema)]).optional(),
  name: text.optional(),
  'name.exact': text.optional(),
  'name.contains': text.optional(),
  'name.startswith': text.optional(),
  'name.endswith': text.optional(),
  content: text.optional(),
  'content.exact': text.optional(),
  'content.contains': text.optional(),
  'content.startswith': text.optional(),
  'content.endswith': text.optional(),
  proxied: queryBooleanSchema.optional(),
  comment: text.optional(),
  'comment.present': text.optional(),
  'comment.absent': text.optional(),
  'comment.exact': text.optional(),
  'comment.contains': text.optional(),
  'comment.startswith': text.optional(),
  'comment.endswith': text.optional(),
  tag: text.optional(),
  'tag.present': text.optional(),
  'tag.absent': text.optional(),
  'tag.exact': text.optional(),
  'tag.contains': text.optional(),
  'tag.startswith': text.optional(),
  'tag.endswith': text.optional(),
  tag_match: matchSchema.optional(),
  search: text.optional(),
  match: matchSchema.optional(),
  order: z.enum(DNS_RECORD_ORDER_FIELDS, { error: `order must be one of ${DNS_RECORD_ORDER_FIELDS.join(', ')}.` }).optional(),
  direction: directionSchema.optional(),
  page: intParam('page', 1, Number.MAX_SAFE_INTEGER).optional(),
  per_page: intParam('per_page', 1, DNS_RECORDS_MAX_PER_PAGE).optional(),
  /** Adds shadow metadata to each record's `meta` (records below an NS delegation; api-notes §14). */
  include_shadow_metadata: queryBooleanSchema.optional(),
})

export type DnsRecordsSearch = z.infer<typeof dnsRecordsSearchSchema>

/** The query string for a search: arrays become repeated keys, undefined values are left out. */
export function dnsRecordsSearchParams(search: DnsRecordsSearch): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === '') continue
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v))
  }
  return params
}
