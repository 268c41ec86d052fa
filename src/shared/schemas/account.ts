import { z } from 'zod'
import { lazySchema } from './lazy'

/** An account as GET /accounts and GET /accounts/{account_id} answer it. */
export const accountSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['standard', 'enterprise']),
    settings: z
      .object({
        enforce_twofactor: z.boolean().optional(),
        api_access_enabled: z.boolean().nullable().optional(),
        abuse_contact_email: z.string().nullable().optional(),
      })
      .optional(),
    created_on: z.string().optional(),
  }),
)
export type Account = z.infer<typeof accountSchema>

/** GET /user/tokens/verify and GET /accounts/{account_id}/tokens/verify: the token presented, if active. */
export const tokenVerifySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(['active', 'disabled', 'expired']),
    not_before: z.string().nullable().optional(),
    expires_on: z.string().nullable().optional(),
  }),
)
