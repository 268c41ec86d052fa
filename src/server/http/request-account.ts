import type { Context } from 'hono'
import { ACCOUNT_HEADER, accountIdSchema } from '../../shared/account-context'
import { headerOf } from './guard'

/**
 * The account a request names (src/shared/account-context.ts), or undefined when it names none.
 * A malformed value counts as none named only if absent; a present but malformed one is `invalid`,
 * so the caller answers 400 instead of silently acting in the default account.
 */
export function requestAccount(c: Context): { account?: string; invalid?: true } {
  const raw = headerOf(c, ACCOUNT_HEADER)?.trim()
  if (!raw) return {}
  return accountIdSchema.safeParse(raw).success ? { account: raw } : { invalid: true }
}
