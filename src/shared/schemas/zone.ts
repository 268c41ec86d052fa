import { z } from 'zod'
import { directionSchema } from './common'
import { intParam, matchSchema } from './dns-records-search'

/** Zone object (api-notes §2.2). Optional fields may be absent on the real service. */

export const ZONE_STATUSES = ['initializing', 'pending', 'active', 'moved'] as const
export const ZONE_TYPES = ['full', 'partial', 'secondary', 'internal'] as const

export const zonePlanSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  price: z.number().optional(),
  currency: z.string().optional(),
  frequency: z.string().optional(),
  is_subscribed: z.boolean().optional(),
  can_subscribe: z.boolean().optional(),
  legacy_id: z.string().optional(),
  legacy_discount: z.boolean().optional(),
  externally_managed: z.boolean().optional(),
})

export const zoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ZONE_STATUSES),
  paused: z.boolean(),
  type: z.enum(ZONE_TYPES),
  development_mode: z.number(),
  name_servers: z.array(z.string()),
  original_name_servers: z.array(z.string()).nullable(),
  original_registrar: z.string().nullable(),
  original_dnshost: z.string().nullable(),
  vanity_name_servers: z.array(z.string()).default([]),
  account: z.object({ id: z.string(), name: z.string() }),
  owner: z.looseObject({ id: z.string().nullable(), name: z.string().nullable().optional(), type: z.string().nullable() }),
  plan: zonePlanSchema,
  meta: z.looseObject({
    step: z.number().optional(),
    custom_certificate_quota: z.number().optional(),
    page_rule_quota: z.number().optional(),
    phishing_detected: z.boolean().optional(),
    foundation_dns: z.boolean().optional(),
    cdn_only: z.boolean().optional(),
    dns_only: z.boolean().optional(),
  }),
  permissions: z.array(z.string()).default([]),
  created_on: z.string(),
  modified_on: z.string(),
  activated_on: z.string().nullable(),
  verification_key: z.string().optional(),
})
export type Zone = z.infer<typeof zoneSchema>

/**
 * `name` and `account.name` take an optional operator prefix: `contains:.org`.
 * Default (no prefix) is `equal`; all but the *_case_sensitive ones ignore case.
 */
export const ZONE_NAME_OPERATORS = [
  'equal',
  'not_equal',
  'starts_with',
  'ends_with',
  'contains',
  'starts_with_case_sensitive',
  'ends_with_case_sensitive',
  'contains_case_sensitive',
] as const
export type ZoneNameOperator = (typeof ZONE_NAME_OPERATORS)[number]

/** Splits `contains:.org` into its operator and value (no known prefix: `equal` and the whole text). */
export function parseNameOperator(raw: string): { op: ZoneNameOperator; value: string } {
  const i = raw.indexOf(':')
  if (i > 0) {
    const op = raw.slice(0, i)
    if ((ZONE_NAME_OPERATORS as readonly string[]).includes(op)) return { op: op as ZoneNameOperator, value: raw.slice(i + 1) }
  }
  return { op: 'equal', value: raw }
}

export const ZONE_ORDER_FIELDS = ['name', 'status', 'account.id', 'account.name', 'plan.id'] as const
export const ZONES_DEFAULT_PER_PAGE = 20
export const ZONES_MIN_PER_PAGE = 5
export const ZONES_MAX_PER_PAGE = 50

/** Query of GET /zones, keyed as the API's query string (usable as the zone list's URL state). */
export const zonesSearchSchema = z.object({
  name: z.string().max(253, { error: 'The name filter can be at most 253 characters.' }).optional(),
  status: z.enum(ZONE_STATUSES, { error: `status must be one of ${ZONE_STATUSES.join(', ')}.` }).optional(),
  'account.id': z.string().optional(),
  'account.name': z.string().max(253).optional(),
  type: z.union([z.enum(ZONE_TYPES), z.array(z.enum(ZONE_TYPES))]).optional(),
  match: matchSchema.optional(),
  order: z.enum(ZONE_ORDER_FIELDS, { error: `order must be one of ${ZONE_ORDER_FIELDS.join(', ')}.` }).optional(),
  direction: directionSchema.optional(),
  page: intParam('page', 1, Number.MAX_SAFE_INTEGER).optional(),
  per_page: intParam('per_page', ZONES_MIN_PER_PAGE, ZONES_MAX_PER_PAGE).optional(),
})
