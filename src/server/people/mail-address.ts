import type { ZoneApprovalSettings } from '../../shared/schemas/change-requests'
import { mayApprove, mayPropose } from '../change-requests/rights'
import type { Person, Store } from '../store'

/**
 * The one answer to "where does mail to this person go": their e-mail address (people.email), else
 * their username when it is an address (people made by single sign-on before addresses were kept),
 * else nowhere. Change-request mail reads it here.
 */
export function mailAddressOf(p: Pick<Person, 'email' | 'username'> | undefined): string | null {
  if (!p) return null
  return p.email ?? (p.username.includes('@') ? p.username : null)
}

type Zone = ZoneApprovalSettings & { zoneName: string; zoneId: string }
type Someone = Pick<Person, 'id' | 'role' | 'zones'>

const some = (names: string[]) => (names.length === 1 ? names[0] : `${names[0]} and ${names.length - 1} more`)

/**
 * Why mail would go to someone who has no address (so the People list can say what they miss):
 * they approve change requests on a zone that needs approval, or they file them there (editors in
 * scope, and viewers or reviewers allowed to propose). Null when nothing would be sent to them, or
 * when they have an address. The script watch mails its channels, not people, so it is not counted.
 * `there`: the person as they are in the zone's account (their grant there; undefined: none there),
 * not their every-account role, which an account's own grant replaces.
 */
export async function mailWanted(p: Person, zones: readonly Zone[], proposeSwitch: boolean, there: (p: Person, zone: Zone) => Promise<Someone | undefined>): Promise<string | null> {
  if (p.disabled || mailAddressOf(p)) return null
  const needing = await Promise.all(zones.filter((z) => z.required).map(async (z) => ({ z, as: await there(p, z) })))
  const approves = needing.filter(({ z, as }) => as && mayApprove(as, z, z.zoneName)).map(({ z }) => z.zoneName)
  if (approves.length) return `approves change requests on ${some(approves)}`
  const proposes = needing.filter(({ z, as }) => as && mayPropose(as, z.zoneName, proposeSwitch)).map(({ z }) => z.zoneName)
  if (proposes.length) return `files change requests on ${some(proposes)}`
  return null
}

/**
 * A person as they are in a zone's account, for `mailWanted`: the zone's account as the record index
 * has it (`owner`: the index's, the deployment's mode), their grant there (`grants.forAccount`, as the
 * sign-in gate and the change requests' approvers read it). A zone the index holds no account for
 * (not read yet, or no index) is taken as the default account's (the every-account grant), as a
 * change request naming no account is. Each lookup once per list.
 */
export function personInZoneAccount(store: Pick<Store, 'grants' | 'recordIndex'>, owner: string | undefined) {
  const accounts = new Map<string, Promise<string | undefined>>()
  const grants = new Map<string, ReturnType<Store['grants']['forAccount']>>()
  const accountOf = (zoneId: string) => {
    let hit = accounts.get(zoneId)
    if (!hit) accounts.set(zoneId, (hit = owner ? store.recordIndex.zone(owner, zoneId).then((z) => z?.account_id || undefined) : Promise.resolve(undefined)))
    return hit
  }
  return async (p: Person, zone: Pick<Zone, 'zoneId'>): Promise<Someone | undefined> => {
    const account = await accountOf(zone.zoneId)
    const key = `${p.id}\u0000${account ?? ''}`
    let grant = grants.get(key)
    if (!grant) grants.set(key, (grant = store.grants.forAccount(p.id, account)))
    const g = await grant
    return g && { id: p.id, role: g.role, zones: g.zones }
  }
}
