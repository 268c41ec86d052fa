/**
 * The sandbox's agency estate as a person sees it: the client accounts and the seeded tokens with
 * their known values (the sandbox binds each to its accounts: src/server/emulator/estate). No zod,
 * no ids: the page that lists them (the newcomer checklist in sandbox mode) imports it.
 */

export const AGENCY_NAME = 'Northwind Digital'

export const ESTATE_ACCOUNT_NAMES = {
  harbour: 'Harbour Dental Group',
  foxFinch: 'Fox & Finch Bakery',
  meridian: 'Meridian Cycle Works',
} as const
export type EstateAccountKey = keyof typeof ESTATE_ACCOUNT_NAMES

export interface SandboxTokenInfo {
  /** What a client sends as its Bearer token. */
  value: string
  /** `account`: an account token, checked at /accounts/{id}/tokens/verify; `user`: the agency's, at /user/tokens/verify. */
  kind: 'account' | 'user'
  name: string
  accounts: readonly EstateAccountKey[]
}

/** One account token per client account, and the agency's user token reaching all three. */
export const SANDBOX_TOKEN_INFO: readonly SandboxTokenInfo[] = [
  { value: 'cfat_sandboxHarbourDentalGroup0000000000001', kind: 'account', name: 'Harbour Dental Group (account token)', accounts: ['harbour'] },
  { value: 'cfat_sandboxFoxAndFinchBakery00000000000002', kind: 'account', name: 'Fox & Finch Bakery (account token)', accounts: ['foxFinch'] },
  { value: 'cfat_sandboxMeridianCycleWorks0000000000003', kind: 'account', name: 'Meridian Cycle Works (account token)', accounts: ['meridian'] },
  { value: 'cfut_sandboxNorthwindDigitalAgency000000004', kind: 'user', name: `${AGENCY_NAME} (user token)`, accounts: ['harbour', 'foxFinch', 'meridian'] },
]
