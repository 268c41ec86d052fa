import { inviteResponseInputSchema, isInviteExpired, type InviteStatus } from '../../../shared/schemas/invites'
import { ApiError, notFound, ok, readJson, validate } from '../http'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { DEMO_USER } from '../seed-ids'
import { onePage } from '../../../shared/lists/result-info'

/** Sandbox error codes (the real ones are not published): 1004 bad body, 1003 unknown invite, 1010 expired, 1011 answered. */
export const INVITE_CODES = { invalid: 1004, notFound: 1003, expired: 1010, answered: 1011 } as const

interface InviteRow {
  id: string
  invited_member_id: string | null
  invited_member_email: string
  organization_id: string
  organization_name: string
  organization_is_enforcing_twofactor: number
  invited_by: string
  invited_on: string
  expires_on: string
  status: 'pending' | 'accepted' | 'rejected'
  roles: string
}

/** A pending invite whose expiry has passed is reported as `expired` (computed against the emulator clock). */
function toInvite(row: InviteRow, now: Date) {
  const status: InviteStatus = row.status === 'pending' && isInviteExpired(row, now) ? 'expired' : row.status
  return {
    id: row.id,
    invited_member_id: row.invited_member_id,
    invited_member_email: row.invited_member_email,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    organization_is_enforcing_twofactor: row.organization_is_enforcing_twofactor === 1,
    invited_by: row.invited_by,
    invited_on: row.invited_on,
    expires_on: row.expires_on,
    status,
    roles: JSON.parse(row.roles) as string[],
  }
}

/** The calling user's invites (the sandbox has one user, DEMO_USER). */
export function inviteHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  const find = (id: string) => {
    const row = db.prepare('SELECT * FROM user_invites WHERE user_id = ? AND id = ?').get(DEMO_USER.id, id) as InviteRow | undefined
    if (!row) throw notFound(INVITE_CODES.notFound, `Invite ${id} was not found for this user.`)
    return row
  }

  table.get('/user/invites', (c) => {
    const rows = db.prepare('SELECT * FROM user_invites WHERE user_id = ? ORDER BY invited_on DESC, id').all(DEMO_USER.id) as InviteRow[]
    const t = now()
    return ok(c, rows.map((r) => toInvite(r, t)), onePage(rows.length, { perPage: Math.max(rows.length, 1) }))
  })

  table.get('/user/invites/:invite_id', (c) => ok(c, toInvite(find(c.req.param('invite_id')), now())))

  /**
   * Accept or decline. Only a pending invite can be answered: an expired one cannot be accepted (or
   * declined: it is already void), and an answer, once given, is final. Both are 400s with a message
   * saying why and what to do.
   */
  table.patch('/user/invites/:invite_id', async (c) => {
    const input = validate(inviteResponseInputSchema, await readJson(c), INVITE_CODES.invalid)
    const row = find(c.req.param('invite_id'))
    const t = now()
    const current = toInvite(row, t)
    if (current.status === 'expired') {
      const verb = input.status === 'accepted' ? 'accepted' : 'declined'
      throw ApiError.of(
        400,
        INVITE_CODES.expired,
        `This invite to ${row.organization_name} expired on ${row.expires_on} and can no longer be ${verb}. Ask ${row.invited_by} to send a new invite.`,
        '/status',
      )
    }
    if (current.status !== 'pending') {
      throw ApiError.of(
        400,
        INVITE_CODES.answered,
        `This invite to ${row.organization_name} was already ${current.status === 'accepted' ? 'accepted' : 'declined'}; an answer cannot be changed.`,
        '/status',
      )
    }
    db.prepare('UPDATE user_invites SET status = ?, invited_member_id = ? WHERE id = ?').run(input.status, DEMO_USER.id, row.id)
    return ok(c, toInvite(find(row.id), t))
  })
}
