import { z } from 'zod'
import { ROLE_ORDER } from './access'
import { accountIdSchema } from './account-context'

/** A grant's account when it is for every account the deployment reaches (the store's and the CLI's word). */
export const EVERY_ACCOUNT = '*'

/** The account of a grant: an account id, or `*` for every account. */
export const grantAccountSchema = z.union([z.literal(EVERY_ACCOUNT), accountIdSchema])

/** One grant as the People page and the people API show and send it. */
export const grantSchema = z.object({
  account: grantAccountSchema,
  role: z.enum(ROLE_ORDER),
  zones: z.union([z.literal('*'), z.array(z.string())]),
})
export type AccountGrant = z.infer<typeof grantSchema>
