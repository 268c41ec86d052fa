import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDate, formatDateTime } from '@/lib/format'
import type { Invite } from '@/shared/schemas/invites'
import { roleAccess } from './role-access'

export const orgName = (i: Invite) => i.organization_name || `organisation ${i.organization_id}`

/** "in 5 days", "in 7 hours", "within the hour". */
export function timeLeft(iso: string, now: Date): string {
  const hours = (Date.parse(iso) - now.getTime()) / 3_600_000
  if (hours < 1) return 'within the hour'
  if (hours < 24) return `in ${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}`
  const days = Math.round(hours / 24)
  return `in ${days} day${days === 1 ? '' : 's'}`
}

function Expiry({ invite, now }: { invite: Invite; now: Date }) {
  if (!invite.expires_on) return null
  const soon = Date.parse(invite.expires_on) - now.getTime() < 3 * 86_400_000
  return (
    <span className={soon ? 'font-medium text-amber-800 dark:text-amber-200' : undefined} title={formatDateTime(invite.expires_on)}>
      Expires {timeLeft(invite.expires_on, now)} ({formatDate(invite.expires_on)})
    </span>
  )
}

/** One invite: who invites you where, with which roles (and what they allow), until when. */
export function InviteCard({ invite, now, onAnswer }: { invite: Invite; now: Date; onAnswer?: (status: 'accepted' | 'rejected') => void }) {
  const org = orgName(invite)
  return (
    <article aria-label={`Invite to ${org}`} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold break-words text-zinc-900 dark:text-zinc-50">{org}</h3>
          <p className="text-sm wrap-anywhere text-zinc-700 dark:text-zinc-300">Invited by {invite.invited_by ?? 'an unknown member'}</p>
        </div>
        {invite.organization_is_enforcing_twofactor && (
          <Badge tone="info" title="You must use two-factor authentication to access this account.">
            Requires two-factor sign-in
          </Badge>
        )}
      </div>
      <h4 className="mt-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Roles</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {invite.roles.length === 0 && <li className="text-zinc-600 dark:text-zinc-400">No role named in the invite.</li>}
        {invite.roles.map((r) => (
          <li key={r.name}>
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{r.name}</span>
            <span className="text-zinc-700 dark:text-zinc-300"> — {roleAccess(r, org)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400">
        <span>
          Sent {formatDate(invite.invited_on)} · <Expiry invite={invite} now={now} />
        </span>
        {onAnswer && (
          <span className="flex gap-2">
            <Button size="sm" onClick={() => onAnswer('rejected')}>
              Decline<span className="sr-only"> invite to {org}</span>
            </Button>
            <Button size="sm" variant="primary" onClick={() => onAnswer('accepted')}>
              Accept<span className="sr-only"> invite to {org}</span>
            </Button>
          </span>
        )}
      </div>
    </article>
  )
}
