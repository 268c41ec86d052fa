import { z } from 'zod'
import { ZONE_STATUSES, ZONE_TYPES, zonesQuery } from '../lists/zones'
import { querySchema } from './list-query'
import { lazySchema } from './lazy'

/** Zone object (api-notes §2.2). Optional fields may be absent on the real service. */

export const zonePlanSchema = lazySchema(() =>
  z.looseObject({
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
  }),
)

export const zoneSchema = lazySchema(() =>
  z.object({
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
  }),
)
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

/** Query of GET /zones as the endpoint table declares it: the shared list query (src/shared/lists/zones.ts). */
export const zonesSearchSchema = lazySchema(() => querySchema(zonesQuery))
