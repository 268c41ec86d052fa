import { z } from 'zod'
import { firewallActions } from './firewall'
import { lazySchema } from './lazy'

/**
 * Firewall rule writes (deprecated API, emulated for the SDK and older tools): a rule names its
 * filter by id or brings a new one with an expression. `action` is the plain string of the API;
 * the SDK's object form (`{ mode }`) is read as its mode.
 */
const actionSchema = lazySchema(() =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && 'mode' in v ? (v as { mode: unknown }).mode : v),
    z.enum(firewallActions, `action must be one of ${firewallActions.join(', ')}.`),
  ),
)

export const firewallFilterInputSchema = lazySchema(() =>
  z.union(
    [
      z.object({
        expression: z.string().trim().min(1, 'The filter expression cannot be empty.').max(4096),
        paused: z.boolean().optional(),
        description: z.string().max(500).optional(),
        ref: z.string().max(50).optional(),
      }),
      z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'filter.id must be a 32-character hexadecimal identifier.') }),
    ],
    { error: 'filter needs an id (an existing filter) or an expression (a new one).' },
  ),
)

export const firewallRuleInputSchema = lazySchema(() =>
  z.object({
    id: z.string().optional(),
    action: actionSchema,
    filter: firewallFilterInputSchema,
    description: z.string().max(500, 'A description is at most 500 characters.').optional(),
    paused: z.boolean().optional(),
    priority: z.number().int().min(0).max(2147483647).nullable().optional(),
    products: z.array(z.string()).optional(),
    ref: z.string().max(50).optional(),
  }),
)
export type FirewallRuleInput = z.infer<typeof firewallRuleInputSchema>

/** One rule or a list of them (the API takes a list; the SDK may send one object). */
export const firewallRulesInputSchema = lazySchema(() =>
  z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(firewallRuleInputSchema).min(1, 'Send at least one rule.')),
)

/** Bulk edit (PATCH on the collection): per rule its id and the fields to change. */
export const firewallRuleEditSchema = lazySchema(() =>
  firewallRuleInputSchema.partial().extend({ id: z.string({ error: 'id is required.' }) }),
)
export const firewallRulesEditSchema = lazySchema(() =>
  z.preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(firewallRuleEditSchema).min(1, 'Send at least one rule.')),
)
