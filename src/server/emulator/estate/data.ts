import { ESTATE_ACCOUNT_NAMES, SANDBOX_TOKEN_INFO, type SandboxTokenInfo } from '../../../shared/sandbox-estate'
import { stableId } from '../ids'
import type { SeedRecord } from '../dns/seed-demo'

/**
 * An agency's estate beside the demo account: three client accounts, each with a few small zones,
 * and the sandbox tokens that reach them (values known, so a person can paste them: the emulator
 * README and the sandbox's help list them). Ids derive from labels, the same on every machine.
 */

const account = (name: string) => ({ id: stableId(`account:${name}`), name })

export const ESTATE_ACCOUNTS = {
  harbour: account(ESTATE_ACCOUNT_NAMES.harbour),
  foxFinch: account(ESTATE_ACCOUNT_NAMES.foxFinch),
  meridian: account(ESTATE_ACCOUNT_NAMES.meridian),
} as const

export interface EstateZone {
  id: string
  name: string
  account: { id: string; name: string }
  status: 'active' | 'pending'
  plan: 'free' | 'pro'
  records: SeedRecord[]
}

const r = (body: Record<string, unknown>): SeedRecord => ({ body })
const zone = (name: string, acc: { id: string; name: string }, status: EstateZone['status'], plan: EstateZone['plan'], records: SeedRecord[]): EstateZone => ({
  id: stableId(`zone:${name}`),
  name,
  account: acc,
  status,
  plan,
  records,
})

const { harbour, foxFinch, meridian } = ESTATE_ACCOUNTS

export const ESTATE_ZONES: EstateZone[] = [
  zone('harbourdental.co.uk', harbour, 'active', 'pro', [
    r({ type: 'A', name: '@', content: '203.0.113.150', proxied: true, comment: 'Practice website' }),
    r({ type: 'CNAME', name: 'www', content: 'harbourdental.co.uk', proxied: true }),
    r({ type: 'CNAME', name: 'book', content: 'harbourdental.bookings.example.net', proxied: false, comment: 'Online booking (vendor)' }),
    r({ type: 'MX', name: '@', content: 'mail.harbourdental.co.uk', priority: 10 }),
    r({ type: 'A', name: 'mail', content: '198.51.100.150', ttl: 3600 }),
    r({ type: 'TXT', name: '@', content: 'v=spf1 mx -all' }),
    r({ type: 'A', name: 'status', content: '198.51.100.250', proxied: false, comment: 'Status page (hosted by the agency)' }),
  ]),
  zone('harbourdental-careers.co.uk', harbour, 'active', 'free', [
    r({ type: 'A', name: '@', content: '203.0.113.151', proxied: true }),
    r({ type: 'CNAME', name: 'www', content: 'harbourdental-careers.co.uk', proxied: true }),
    r({ type: 'TXT', name: '@', content: 'v=spf1 -all', comment: 'No mail from this domain' }),
  ]),
  zone('foxandfinch.com', foxFinch, 'active', 'pro', [
    r({ type: 'A', name: '@', content: '203.0.113.160', proxied: true, comment: 'Bakery website' }),
    r({ type: 'AAAA', name: '@', content: '2001:db8:160::1', proxied: true }),
    r({ type: 'CNAME', name: 'www', content: 'foxandfinch.com', proxied: true }),
    r({ type: 'CNAME', name: 'order', content: 'foxandfinch.shop', proxied: true, comment: 'Orders go to the shop' }),
    r({ type: 'MX', name: '@', content: 'mx1.mailhost.example.net', priority: 10 }),
    r({ type: 'TXT', name: '@', content: 'v=spf1 include:mailhost.example.net -all' }),
    r({ type: 'A', name: 'status', content: '198.51.100.250', proxied: false, comment: 'Status page (hosted by the agency)' }),
  ]),
  zone('foxandfinch.shop', foxFinch, 'pending', 'free', [
    r({ type: 'A', name: '@', content: '203.0.113.161', proxied: true }),
    r({ type: 'CNAME', name: 'www', content: 'foxandfinch.shop', proxied: true }),
  ]),
  zone('meridiancycles.com', meridian, 'active', 'free', [
    r({ type: 'A', name: '@', content: '203.0.113.170', proxied: true, comment: 'Workshop website' }),
    r({ type: 'CNAME', name: 'www', content: 'meridiancycles.com', proxied: true }),
    r({ type: 'A', name: 'service', content: '198.51.100.170', ttl: 600, comment: 'Repair booking app' }),
    r({ type: 'MX', name: '@', content: 'mx.meridiancycles.com', priority: 10 }),
    r({ type: 'A', name: 'mx', content: '198.51.100.171', ttl: 3600 }),
    r({ type: 'A', name: 'status', content: '198.51.100.250', proxied: false, comment: 'Status page (hosted by the agency)' }),
  ]),
]

/** A sandbox token with a known value (src/shared/sandbox-estate.ts), bound to the accounts it reaches (their ids). */
export interface SandboxToken extends Omit<SandboxTokenInfo, 'accounts'> {
  id: string
  accounts: readonly string[]
}

/** The seeded tokens: one account token per client account, one user token of the agency reaching all three. */
export const SANDBOX_TOKENS: readonly SandboxToken[] = SANDBOX_TOKEN_INFO.map((t) => ({
  ...t,
  id: stableId(`sandbox-token:${t.value}`),
  accounts: t.accounts.map((key) => ESTATE_ACCOUNTS[key].id),
}))

/** The agency's accounts: reached only by their tokens, never by an unbound credential. */
export const ESTATE_ACCOUNT_IDS: ReadonlySet<string> = new Set(Object.values(ESTATE_ACCOUNTS).map((a) => a.id))
