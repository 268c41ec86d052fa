import { z } from 'zod'
import { FIREWALL_ACTIONS } from '../lists/firewall'
import { hexIdSchema } from './common'
import { lazySchema } from './lazy'

/** Firewall rule actions (api-notes §8; declared once in src/shared/lists/firewall.ts). `log` exists on Enterprise plans only. */
export const firewallActions = FIREWALL_ACTIONS
export const firewallActionSchema = lazySchema(() => z.enum(firewallActions))
export type FirewallAction = z.infer<typeof firewallActionSchema>

export const firewallBypassProducts = ['zoneLockdown', 'uaBlock', 'bic', 'hot', 'securityLevel', 'rateLimit', 'waf'] as const

/** Per-request cap of ids in `DELETE /zones/:zone_id/firewall/rules?id=…` (a sandbox choice, enforced with a 400). */
export const FIREWALL_BULK_DELETE_MAX_IDS = 100

/** The filter a rule points at, or the stub left when that filter was deleted. */
export const firewallFilterSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    expression: z.string(),
    paused: z.boolean(),
    description: z.string().optional(),
    ref: z.string().optional(),
  }),
)
export const firewallDeletedFilterSchema = lazySchema(() => z.object({ id: z.string(), deleted: z.literal(true) }))

export const firewallRuleSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    action: z.string(),
    paused: z.boolean(),
    description: z.string().optional(),
    priority: z.number().nullable().optional(),
    products: z.array(z.string()).optional(),
    ref: z.string().optional(),
    filter: z.union([firewallFilterSchema, firewallDeletedFilterSchema]),
    created_on: z.string().optional(),
    modified_on: z.string().optional(),
  }),
)
export type FirewallRule = z.infer<typeof firewallRuleSchema>

/** What a delete answers: one `{id}` per deleted rule. */
export const firewallDeletedRuleSchema = lazySchema(() => z.object({ id: z.string() }))
export type FirewallDeletedRule = z.infer<typeof firewallDeletedRuleSchema>

/** Optional body of `DELETE /zones/:zone_id/firewall/rules/:rule_id`. */
export const firewallRuleDeleteBodySchema = lazySchema(() =>
  z.object({
    delete_filter_if_unused: z.boolean({ error: 'delete_filter_if_unused must be true or false.' }).optional(),
  }),
)
export type FirewallRuleDeleteBody = z.infer<typeof firewallRuleDeleteBodySchema>

/** The ids of a bulk delete: each a 32-hex rule id; at least one, at most the cap. */
export const firewallBulkDeleteIdsSchema = lazySchema(() =>
  z
    .array(hexIdSchema)
    .min(1, 'Name at least one rule to delete with ?id=<rule_id>.')
    .max(
      FIREWALL_BULK_DELETE_MAX_IDS,
      `At most ${FIREWALL_BULK_DELETE_MAX_IDS} rules can be deleted in one request; split the ids over several requests.`,
    ),
)

/** The query of a bulk delete, as the sandbox reads it (errors point at `/id/<n>`). */
export const firewallBulkDeleteQuerySchema = lazySchema(() => z.object({ id: firewallBulkDeleteIdsSchema }))
