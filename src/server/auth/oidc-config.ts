import { z } from 'zod'
import { ROLE_RANK } from '../../shared/access'
import { roleSchema, zoneScopeSchema, type RoleName } from '../../shared/schemas/people'
import type { ZoneScope } from '../store'
import { accountIdSchema } from '../../shared/account-context'
import { httpUrl, optionalText, parseEnv } from '../env'

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
  /** Claim value → grant in one account, from OIDC_GROUPS entries `group=role@<account id>[:zone,zone]`. */
  accountGroups?: AccountGroupGrant[]
}

/** One claim value's grant in one account (it replaces the every-account grant there). */
export interface AccountGroupGrant extends GroupGrant {
  group: string
  account: string
}

const ENTRY_FORM = 'group=role or group=role:zone,zone entries separated by ; (roles: viewer, reviewer, editor, admin; role@<account id> for one account)'

/** OIDC_GROUPS, `admins=admin;dns-team=editor:example.com,shop.io;staff=viewer`: every malformed entry named. */
const groupMapSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const map = new Map<string, GroupGrant>()
    const accounts: AccountGroupGrant[] = []
    const bad: string[] = []
    for (const entry of (raw ?? '')
      .split(';')
      .map((e) => e.trim())
      .filter(Boolean)) {
      const eq = entry.lastIndexOf('=')
      const group = entry.slice(0, eq).trim()
      const [roleAndAccount, zonesText] = entry.slice(eq + 1).split(':')
      // `role@<account id>`: the grant is for that account only (without: every account, as before).
      const [roleText, accountText] = (roleAndAccount ?? '').split('@')
      const account = accountText === undefined ? undefined : accountIdSchema.safeParse(accountText.trim().toLowerCase())
      const role = roleSchema.safeParse(roleText?.trim())
      const zones = zonesText
        ? zoneScopeSchema.safeParse(zonesText.split(',').map((z) => z.trim()))
        : { success: true as const, data: '*' as const }
      if (eq <= 0 || !group || !role.success || !zones.success || (account && !account.success)) bad.push(`"${entry}"`)
      else if (account?.success) accounts.push({ group, account: account.data, role: role.data, zones: role.data === 'admin' ? '*' : zones.data })
      else map.set(group, { role: role.data, zones: role.data === 'admin' ? '*' : zones.data })
    }
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `must be ${ENTRY_FORM}; not so: ${bad.join(', ')}`, params: { hideValue: true } })
      return z.NEVER
    }
    return Object.assign(map, { accounts })
  })

/** Single sign-on settings (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_CLAIM, OIDC_GROUPS); undefined without OIDC_ISSUER. */
export const oidcEnv = z
  .object({
    OIDC_ISSUER: httpUrl("the provider's URL (its issuer)"),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_CLAIM: optionalText.transform((claim) => claim ?? 'groups'),
    OIDC_GROUPS: groupMapSchema,
  })
  .refine((e) => !e.OIDC_ISSUER || (e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET), {
    message: 'OIDC_ISSUER is set: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too.',
  })
  .transform((e): OidcConfig | undefined =>
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          claim: e.OIDC_CLAIM,
          groups: e.OIDC_GROUPS,
          accountGroups: e.OIDC_GROUPS.accounts,
        }
      : undefined,
  )

/** Single sign-on settings from the environment, or undefined when OIDC_ISSUER is not set. */
export const readOidcConfig = (env: NodeJS.ProcessEnv): OidcConfig | undefined => parseEnv(oidcEnv, env)

/** Parses `group=role[:zone,zone];…` (OIDC_GROUPS); throws with each offending entry named. */
export const parseGroupMap = (raw: string): Map<string, GroupGrant> =>
  parseEnv(z.object({ OIDC_GROUPS: groupMapSchema }), { OIDC_GROUPS: raw }).OIDC_GROUPS

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

/** The grants per account for a person's claim values: in each account, as grantFor over the entries naming it. */
export function accountGrantsFor(values: unknown, accountGroups: readonly AccountGroupGrant[]): (GroupGrant & { account: string })[] {
  const accounts = [...new Set(accountGroups.map((g) => g.account))]
  return accounts.flatMap((account) => {
    const here = new Map<string, GroupGrant>()
    // Several entries for one group and account: the highest role and all zones, as grantFor does.
    const byGroup = new Map<string, AccountGroupGrant[]>()
    for (const g of accountGroups) if (g.account === account) byGroup.set(g.group, [...(byGroup.get(g.group) ?? []), g])
    for (const [group, list] of byGroup) here.set(group, grantFor(list.map((_, i) => String(i)), new Map(list.map((g, i) => [String(i), g])))!)
    const grant = grantFor(values, here)
    return grant ? [{ account, ...grant }] : []
  })
}
