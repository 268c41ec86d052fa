/* No zod here: the invites page's first load reads it. */

/** True when the invite can no longer be answered because its expiry is past `now`. */
export function isInviteExpired(invite: { status: string; expires_on?: string | null }, now: Date): boolean {
  if (invite.status === 'expired') return true
  if (!invite.expires_on) return false
  const t = Date.parse(invite.expires_on)
  return Number.isFinite(t) && t <= now.getTime()
}
