import { ROLE_RANK } from '../../shared/access'
import { roleSchema, zoneScopeSchema, type RoleName } from '../../shared/schemas/people'
import type { ZoneScope } from '../store'

/** One claim value (for example a group) and the role and zones it grants. */
export interface GroupGrant {
  role: RoleName
  zones: ZoneScope
}

export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
  /** The ID-token / userinfo claim that lists the person's groups. Default `groups`. */
  claim: string
  /** Claim value → grant, from OIDC_GROUPS: `admins=admin;dns-team=editor:example.com,shop.io;staff=viewer`. */
  groups: Map<string, GroupGrant>
}

/** Single sign-on settings from the environment, or undefined when OIDC_ISSUER is not set. */
export function readOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim()
  if (!issuer) return undefined
  const clientId = env.OIDC_CLIENT_ID?.trim()
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim()
  if (!clientId || !clientSecret) throw new Error('OIDC_ISSUER is set: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too.')
  try {
    const u = new URL(issuer)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error()
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's URL, got "${issuer}".`)
  }
  return {
    issuer,
    clientId,
    clientSecret,
    claim: env.OIDC_CLAIM?.trim() || 'groups',
    groups: parseGroupMap(env.OIDC_GROUPS ?? ''),
  }
}

/** Parses `group=role[:zone,zone];…`; throws with the offending entry named. */
export function parseGroupMap(raw: string): Map<string, GroupGrant> {
  const map = new Map<string, GroupGrant>()
  for (const entry of raw
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const eq = entry.lastIndexOf('=')
    const group = entry.slice(0, eq).trim()
    const [roleText, zonesText] = entry.slice(eq + 1).split(':')
    const role = roleSchema.safeParse(roleText?.trim())
    const zones = zonesText
      ? zoneScopeSchema.safeParse(zonesText.split(',').map((z) => z.trim()))
      : { success: true as const, data: '*' as const }
    if (eq <= 0 || !group || !role.success || !zones.success) {
      throw new Error(
        `OIDC_GROUPS: "${entry}" is not group=role or group=role:zone,zone (roles: viewer, reviewer, editor, admin).`,
      )
    }
    map.set(group, { role: role.data, zones: role.data === 'admin' ? '*' : zones.data })
  }
  return map
}

/**
 * The grant for a person's claim values: the highest role among matching groups, and the union of
 * their zones (all zones if any grants all). Undefined when no value is mapped.
 */
export function grantFor(values: unknown, groups: Map<string, GroupGrant>): GroupGrant | undefined {
  const list = Array.isArray(values) ? values : typeof values === 'string' ? [values] : []
  const grants = list.flatMap((v) => (typeof v === 'string' && groups.has(v) ? [groups.get(v)!] : []))
  if (!grants.length) return undefined
  const role = grants.reduce<RoleName>((best, g) => (ROLE_RANK[g.role] > ROLE_RANK[best] ? g.role : best), 'viewer')
  if (role === 'admin' || grants.some((g) => g.zones === '*')) return { role, zones: '*' }
  return { role, zones: [...new Set(grants.flatMap((g) => g.zones as string[]))].sort() }
}
