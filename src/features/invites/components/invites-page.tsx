import { lazy, Suspense, useState } from 'react'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCanWrite } from '@/lib/access'
import { formatDate } from '@/lib/format'
import { isInviteExpired } from '@/shared/invite-expiry'
import type { Invite } from '@/shared/schemas/invites'
import { useInvites } from '../api/get-invites'
import { useRespondToInvite } from '../api/respond-to-invite'
import { InviteCard, orgName } from './invite-card'
import { roleAccess } from './role-access'

// The confirmation (and the dialog's code) loads when a first Accept or Decline is pressed.
const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })))

type Answer = { invite: Invite; status: 'accepted' | 'rejected' }

/** Invites to join other accounts: accept or decline the pending ones; expired and answered ones explained. */
export function InvitesPage() {
  const q = useInvites()
  const respond = useRespondToInvite()
  const toast = useToast()
  const [answer, setAnswer] = useState<Answer | undefined>()
  // Joining another account is account-level work (the role matrix the server checks too).
  const permission = useCanWrite('invites', 'account')
  const canAnswer = permission.allowed
  const now = new Date()
  const all = q.data ?? []
  const pending = all.filter((i) => i.status === 'pending' && !isInviteExpired(i, now))
  const expired = all.filter((i) => i.status === 'expired' || (i.status === 'pending' && isInviteExpired(i, now)))
  const answered = all.filter((i) => i.status === 'accepted' || i.status === 'rejected')

  const confirm = () => {
    if (!answer) return
    const { invite, status } = answer
    respond.mutate(
      { id: invite.id, status },
      {
        onSuccess: () => {
          toast.success(status === 'accepted' ? `You joined ${orgName(invite)}` : `Invite to ${orgName(invite)} declined`)
          setAnswer(undefined)
        },
        onError: (e) => {
          toast.error(status === 'accepted' ? 'The invite was not accepted' : 'The invite was not declined', e)
          setAnswer(undefined)
        },
      },
    )
  }

  return (
    <>
      <PageHeader title="Invites" description="Invitations the API account this dashboard uses has received to join other accounts. Accepting gives that account the roles listed on the invite." />
      {q.isPending ? (
        <LoadingBlock />
      ) : q.error ? (
        <ErrorView error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className="space-y-6">
          {pending.length > 0 && <RoleNotice permission={permission} what="these invites" />}
          <section aria-labelledby="pending-h" className="space-y-3">
            <h2 id="pending-h" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
              Waiting for your answer
            </h2>
            {pending.length === 0 && <EmptyState title="No pending invites" description="When someone invites the API account to their account, it shows here." />}
            {pending.map((i) => (
              <InviteCard key={i.id} invite={i} now={now} onAnswer={canAnswer ? (status) => setAnswer({ invite: i, status }) : undefined} />
            ))}
          </section>
          {expired.length > 0 && (
            <Card title="Expired" description="These invites ran out before they were answered and can no longer be accepted. Ask the sender for a new one.">
              <ul className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
                {expired.map((i) => (
                  <li key={i.id} className="break-words">
                    <span className="font-medium">{orgName(i)}</span> — from {i.invited_by}, expired {formatDate(i.expires_on)}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {answered.length > 0 && (
            <Card title="Answered">
              <ul className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
                {answered.map((i) => (
                  <li key={i.id} className="break-words">
                    <span className="font-medium">{orgName(i)}</span> — {i.status === 'accepted' ? 'accepted' : 'declined'}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
      {answer && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            destructive={answer.status === 'rejected'}
            pending={respond.isPending}
            title={answer.status === 'accepted' ? `Join ${orgName(answer.invite)}?` : `Decline the invite to ${orgName(answer.invite)}?`}
            confirmLabel={answer.status === 'accepted' ? 'Accept invite' : 'Decline invite'}
            onCancel={() => setAnswer(undefined)}
            onConfirm={confirm}
            consequence={<Consequence {...answer} />}
          >
            {answer.status === 'accepted' && answer.invite.roles.length > 0 && (
              <ul aria-label="Access you will get" className="list-disc space-y-1 pl-5 text-sm text-zinc-800 dark:text-zinc-200">
                {answer.invite.roles.map((r) => (
                  <li key={r.name}>
                    <span className="font-medium">{r.name}</span> — {roleAccess(r, orgName(answer.invite))}
                  </li>
                ))}
              </ul>
            )}
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  )
}

function Consequence({ invite, status }: Answer) {
  const org = orgName(invite)
  if (status === 'rejected') {
    return <>You will not join {org}. To join later, {invite.invited_by ?? 'the sender'} has to send a new invite.</>
  }
  return (
    <>
      You will become a member of {org}
      {invite.roles.length === 0 ? ' (the invite names no role).' : ` with ${invite.roles.length === 1 ? 'this role, which allows' : 'these roles, which allow'} what is listed below.`}
      {invite.organization_is_enforcing_twofactor && ' This account requires two-factor sign-in.'}
    </>
  )
}
