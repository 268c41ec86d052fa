import type { ACCOUNT_HEADER as SharedHeader } from '@/shared/account-context'

// The shared module's name, checked by its type: importing its value would bring zod (its id
// schema) into the shell's first load.
const ACCOUNT_HEADER: typeof SharedHeader = 'x-zonekeeper-account'

/**
 * The account the browser acts in: the switcher's choice, kept in the URL as `?account=` (the root
 * route sets it here before any loader runs). Every request names it (`ACCOUNT_HEADER`), and every
 * query key starts with it (query-keys.ts), so one account's answers never show in another.
 * Undefined: the deployment's default account, as before several accounts existed.
 */
let active: string | undefined

export const activeAccount = (): string | undefined => active

export function setActiveAccount(id: string | undefined): void {
  active = id
}

/** An account id as the API writes them (the server refuses any other with a 400). */
export const isAccountId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{32}$/.test(v)

/** The header naming the active account, added to a request's headers (none when the default is active). */
export function withAccount(headers: HeadersInit | undefined): HeadersInit | undefined {
  if (!active) return headers
  const h = new Headers(headers)
  // A request that names its own account (api-client's `account`) keeps it.
  if (!h.has(ACCOUNT_HEADER)) h.set(ACCOUNT_HEADER, active)
  return h
}
