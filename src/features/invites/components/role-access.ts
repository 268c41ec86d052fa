import type { InviteRole } from '@/shared/schemas/invites'

/**
 * What well-known account roles let a member do, in plain words. The API sends role names only
 * (2026 shape); when it sends role objects, their own description wins.
 */
const KNOWN: Record<string, string> = {
  'super administrator - all privileges': 'Full control of the account, including members, billing and every setting.',
  administrator: 'Can change every setting and manage members, except billing and super-administrator rights.',
  'administrator read only': 'Can see every setting of the account, but change nothing.',
  analytics: 'Can see traffic and security analytics.',
  billing: 'Can see and change billing details, invoices and subscriptions.',
  'cache purge': 'Can empty the cache of the account’s zones.',
  dns: 'Can view and change DNS records of the account’s zones.',
  firewall: 'Can view and change firewall and security rules.',
  'load balancer': 'Can view and change load balancers, pools and health monitors.',
  'zone read only': 'Can see the account’s zones and their settings, but change nothing.',
}

export function roleAccess(role: InviteRole, organisation: string): string {
  if (role.description) return role.description
  return KNOWN[role.name.trim().toLowerCase()] ?? `Whatever ${organisation} allows for the role “${role.name}”.`
}
