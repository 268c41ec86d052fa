import { z } from 'zod'
import { zoneScopeSchema } from '../../shared/schemas/people'
import { hasRole } from '../auth/actor'
import type { Store } from '../store'
import type { ApproverMode, ZoneApprovalSettings } from '../../shared/schemas/change-requests'

export const APPROVAL_USAGE = `  npm run people -- approval <zone name> [--zone-id <id>] --on|--off [--approvers admins|editors|<username,username>]
  npm run people -- approvals
  npm run people -- may-propose <username> on|off [--email <address>]`

export const APPROVAL_HELP = `approval marks a zone "changes need approval" (--on) or not (--off), and sets who approves there:
administrators always, plus every editor of the zone (--approvers editors) or the people named (their
role must be editor or admin). --zone-id (the id in the zone's address, /zones/<id>) is needed the first
time; later the zone's name is enough. approvals lists the zones with settings. may-propose lets a
viewer or reviewer propose changes (and sets where their change-request e-mail goes).`

export class ApprovalUsageError extends Error {}

const MODE_WORDS: Record<ApproverMode, string> = {
  admins: 'administrators only',
  editors: 'administrators and every editor of the zone',
  named: 'administrators and',
}
const HEX_ID = /^[0-9a-f]{32}$/i

async function describe(store: Store, zoneName: string, s: ZoneApprovalSettings): Promise<string> {
  let who = MODE_WORDS[s.approverMode]
  if (s.approverMode === 'named') {
    const people = await store.people.list()
    who += ' ' + (s.approverIds.map((id) => people.find((p) => p.id === id)?.username ?? `(deleted ${id})`).join(', ') || 'nobody named')
  }
  return `${zoneName} (${s.zoneId}): ${s.required ? 'changes need approval' : 'changes do not need approval'}; approvers: ${who}`
}

export interface ApprovalArgs {
  on?: boolean
  off?: boolean
  'zone-id'?: string
  approvers?: string
  email?: string
}

/**
 * Change approval from the command line (the same store the server uses): a zone's "changes need approval"
 * and its approvers, a person's "may propose" switch. Written as the API's PUT writes them.
 */
export async function runApprovalCommand(command: string, positionals: string[], values: ApprovalArgs, store: Store, out: (line: string) => void): Promise<void> {
  const crs = store.changeRequests
  if (command === 'approvals') {
    const zones = await crs.zones()
    if (!zones.length) return out('No zone has approval settings yet. See: npm run people -- approval <zone name> --zone-id <id> --on')
    for (const z of zones) out(await describe(store, z.zoneName, z))
    return
  }
  if (command === 'may-propose') {
    const [username, onOff] = positionals
    const person = username ? await store.people.byUsername(username.toLowerCase()) : undefined
    if (!person) throw new ApprovalUsageError(username ? `Nobody is called ${username}. See: npm run people -- list` : 'Name the person: a username.')
    if (onOff !== 'on' && onOff !== 'off') throw new ApprovalUsageError('Say on or off: npm run people -- may-propose <username> on|off')
    const email = values.email === undefined ? (await crs.person(person.id)).email : z.email().max(254).safeParse(values.email.trim())
    if (email && typeof email === 'object' && !email.success) throw new ApprovalUsageError(`--email: "${values.email}" is not an e-mail address.`)
    const address = email && typeof email === 'object' ? email.data : email
    await crs.setPerson(person.id, { mayPropose: onOff === 'on', email: address })
    const note = onOff === 'on' && hasRole(person.role, 'editor') ? ` (as ${person.role === 'admin' ? 'an administrator' : 'an editor'} they propose anyway)` : ''
    return out(`${person.username} ${onOff === 'on' ? 'may' : 'may not'} propose changes${note}${address ? `; change-request e-mail goes to ${address}` : ''}.`)
  }
  // approval <zone name>
  const name = zoneScopeSchema.safeParse([positionals[0] ?? ''])
  if (!positionals[0] || !name.success || name.data === '*') throw new ApprovalUsageError(positionals[0] ? `"${positionals[0]}" is not a zone name.` : 'Name the zone: npm run people -- approval <zone name> --on|--off')
  const zoneName = name.data[0].toLowerCase()
  const given = values['zone-id']?.trim().toLowerCase()
  if (given !== undefined && !HEX_ID.test(given)) throw new ApprovalUsageError('--zone-id is the zone id: 32 hexadecimal characters (the id in /zones/<id>).')
  const known = await crs.zoneIdsByName(zoneName)
  if (given && known.length && !known.includes(given)) throw new ApprovalUsageError(`${zoneName} has the id ${known.join(', ')} here, not ${given}.`)
  if (!given && known.length > 1) throw new ApprovalUsageError(`Several zones are called ${zoneName} (${known.join(', ')}): say which with --zone-id.`)
  const zoneId = given ?? known[0]
  if (!zoneId) throw new ApprovalUsageError(`${zoneName} has no approval settings yet: give its id once with --zone-id (the id in the zone's address, /zones/<id>).`)
  const now = await crs.zone(zoneId)
  if (values.on && values.off) throw new ApprovalUsageError('Either --on or --off.')
  if (!values.on && !values.off && values.approvers === undefined) return out(await describe(store, zoneName, now))
  let approverMode = now.approverMode
  let approverIds = now.approverIds
  if (values.approvers !== undefined) {
    const raw = values.approvers.trim().toLowerCase()
    if (raw === 'admins' || raw === 'editors') {
      approverMode = raw
      approverIds = []
    } else {
      const names = raw.split(',').map((n) => n.trim()).filter(Boolean)
      if (!names.length) throw new ApprovalUsageError('--approvers is admins, editors, or a list of usernames.')
      approverIds = []
      for (const n of names) {
        const p = await store.people.byUsername(n)
        if (!p) throw new ApprovalUsageError(`Nobody is called ${n}. See: npm run people -- list`)
        if (!hasRole(p.role, 'editor')) throw new ApprovalUsageError(`${p.username} is a ${p.role}: an approver needs the editor role (the change is written with their rights).`)
        approverIds.push(p.id)
      }
      approverMode = 'named'
    }
  }
  const next: ZoneApprovalSettings = { zoneId, required: values.on ? true : values.off ? false : now.required, approverMode, approverIds }
  await crs.setZone({ ...next, zoneName }, 'command line (npm run people)')
  return out(await describe(store, zoneName, next))
}
