import type { ZoneApprovalSettings } from '../../shared/schemas/change-requests'
import { mayApprove, mayPropose } from '../change-requests/rights'
import type { Person } from '../store'

/**
 * The one answer to "where does mail to this person go": their e-mail address (people.email), else
 * their username when it is an address (people made by single sign-on before addresses were kept),
 * else nowhere. Change-request mail reads it here.
 */
export function mailAddressOf(p: Pick<Person, 'email' | 'username'> | undefined): string | null {
  if (!p) return null
  return p.email ?? (p.username.includes('@') ? p.username : null)
}

type Zone = ZoneApprovalSettings & { zoneName: string }

const some = (names: string[]) => (names.length === 1 ? names[0] : `${names[0]} and ${names.length - 1} more`)

/**
 * Why mail would go to someone who has no address (so the People list can say what they miss):
 * they approve change requests on a zone that needs approval, or they file them there (editors in
 * scope, and viewers or reviewers allowed to propose). Null when nothing would be sent to them, or
 * when they have an address. The script watch mails its channels, not people, so it is not counted.
 */
export function mailWanted(p: Person, zones: readonly Zone[], proposeSwitch: boolean): string | null {
  if (p.disabled || mailAddressOf(p)) return null
  const needing = zones.filter((z) => z.required)
  const approves = needing.filter((z) => mayApprove(p, z, z.zoneName)).map((z) => z.zoneName)
  if (approves.length) return `approves change requests on ${some(approves)}`
  const proposes = needing.filter((z) => mayPropose(p, z.zoneName, proposeSwitch)).map((z) => z.zoneName)
  if (proposes.length) return `files change requests on ${some(proposes)}`
  return null
}
