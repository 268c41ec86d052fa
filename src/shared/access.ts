import { API_AREAS, type ApiArea, type HttpMethod } from './endpoints/types'

/**
 * The role matrix, once, for the server and the browser: the server's gate (src/server/auth) reads it
 * to refuse requests, the pages read it (src/lib/access.ts) to hide or disable what would be refused,
 * with the same reason. No zod here, so the browser's first load can carry it.
 *
 * | Role     | May                                                                          |
 * |----------|------------------------------------------------------------------------------|
 * | viewer   | read everything in scope                                                     |
 * | reviewer | viewer + the review ledger, page-security monitoring and policies in scope   |
 * | editor   | reviewer + DNS records, certificates, log fields and jobs, firewall rules    |
 * | admin    | everything, all zones: people, account-level work, settings                 |
 */
export const ROLE_ORDER = ['viewer', 'reviewer', 'editor', 'admin'] as const
export type AccessRole = (typeof ROLE_ORDER)[number]

export const ROLE_RANK: Record<AccessRole, number> = { viewer: 0, reviewer: 1, editor: 2, admin: 3 }
export const hasRole = (actual: AccessRole, needed: AccessRole) => ROLE_RANK[actual] >= ROLE_RANK[needed]

export const ROLE_WORDS: Record<AccessRole, string> = {
  viewer: 'viewer',
  reviewer: 'reviewer',
  editor: 'editor',
  admin: 'administrator',
}

/** The role a change inside one zone needs, per area. Account-level changes always need admin. */
export const ZONE_WRITE_ROLE: Record<ApiArea, AccessRole> = {
  'page-shield': 'reviewer',
  dns: 'editor',
  certificates: 'editor',
  'log-fields': 'editor',
  firewall: 'editor',
  // Creating, changing or deleting zones themselves is account-level work.
  zones: 'admin',
  'load-balancing': 'admin',
  alerting: 'admin',
  invites: 'admin',
  user: 'admin',
}

export const isApiArea = (area: string): area is ApiArea => (API_AREAS as readonly string[]).includes(area)

/** Whether a change is made inside one zone (`/zones/:zone_id/…`) or to the account. */
export type WriteLevel = 'zone' | 'account'

/** The role a change in `area` needs. */
export const writeRole = (area: ApiArea, level: WriteLevel): AccessRole => (level === 'zone' ? ZONE_WRITE_ROLE[area] : 'admin')

/** `/zones/:zone_id/…` (as the endpoint table writes paths) is inside one zone; the rest is account-level. */
export const levelOfPath = (path: string): WriteLevel => (/^\/zones\/:zone_id\/./.test(path) ? 'zone' : 'account')

/** The role an API request needs: reads need viewer, changes the role of their area and level. */
export const roleForRequest = (e: { method: HttpMethod; path: string; area: ApiArea }): AccessRole =>
  e.method === 'GET' ? 'viewer' : writeRole(e.area, levelOfPath(e.path))

export interface AccessPerson {
  role: AccessRole
  /** `*` for all zones, else the (lower-case) names of the zones this person may see. */
  zones: '*' | readonly string[]
}

/** Why this person may not do something that needs `needed` (in `zoneName` when given), or undefined when they may. */
export function refusalReason(person: AccessPerson, needed: AccessRole, zoneName?: string): string | undefined {
  if (!hasRole(person.role, needed)) {
    return `You have the ${ROLE_WORDS[person.role]} role: this needs the ${ROLE_WORDS[needed]} role. Ask an administrator if you need it.`
  }
  if (zoneName !== undefined && person.zones !== '*' && !person.zones.includes(zoneName.toLowerCase())) {
    return `${zoneName} is outside your zone scope: an administrator can add it to your zones.`
  }
  return undefined
}
