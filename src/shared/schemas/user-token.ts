import { z } from 'zod'
import { lazySchema } from './lazy'

/**
 * API tokens of the calling user (`/user/tokens`, api-notes §13.11 for verify). A token is a name,
 * policies (allow or deny a set of permission groups on resources), an optional IP condition and
 * an optional validity window. The sandbox keeps them as the service shows them; it does not use
 * them to authorise requests (its door accepts any well-formed credential).
 */
const isoDate = lazySchema(() =>
  z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time, for example 2030-01-01T00:00:00Z.' }),
)

export const tokenPolicyInputSchema = lazySchema(() =>
  z.object({
    id: z.string().optional(),
    effect: z.enum(['allow', 'deny'], 'effect must be allow or deny.'),
    permission_groups: z
      .array(
        z.object({
          id: z
            .string({ error: 'Each permission group needs its id.' })
            .regex(/^[0-9a-f]{32}$/, 'A permission group id is 32 hexadecimal characters.'),
          meta: z.object({ key: z.string().optional(), value: z.string().optional() }).optional(),
        }),
        { error: 'permission_groups is required.' },
      )
      .min(1, 'Give at least one permission group.'),
    resources: z.record(z.string(), z.union([z.string(), z.record(z.string(), z.string())]), { error: 'resources is required.' }),
  }),
)

const cidrList = lazySchema(() =>
  z.array(z.string().regex(/^[0-9a-fA-F:.]+\/\d{1,3}$/, 'Use an address range such as 192.0.2.0/24.')),
)

export const tokenConditionSchema = lazySchema(() =>
  z.object({
    request_ip: z.object({ in: cidrList.optional(), not_in: cidrList.optional() }).optional(),
  }),
)

export const userTokenInputSchema = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'name is required.' })
      .trim()
      .min(1, 'Give the token a name.')
      .max(120, 'A token name is at most 120 characters.'),
    policies: z.array(tokenPolicyInputSchema, { error: 'policies is required.' }).min(1, 'Give at least one policy.'),
    condition: tokenConditionSchema.optional(),
    expires_on: isoDate.nullable().optional(),
    not_before: isoDate.nullable().optional(),
  }),
)
export type UserTokenInput = z.infer<typeof userTokenInputSchema>

/** PUT: the same fields, plus the status (a token can be disabled and enabled again). */
export const userTokenUpdateSchema = lazySchema(() =>
  userTokenInputSchema.extend({
    status: z.enum(['active', 'disabled', 'expired'], 'status must be active, disabled or expired.').optional(),
  }),
)
