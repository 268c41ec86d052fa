import { getRouteApi, Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDateTime, plural } from '@/lib/format'
import type { ChangeRequestDetail } from '@/shared/schemas/change-requests'
import { useAccountName } from '../api/account-name'
import { useChangeRequest, useChangeRequestStep } from '../api/change-requests'
import { ChangeRequestDiff } from './change-request-diff'
import { ReviseButton, WhoApproves, WithdrawButton } from './proposer-parts'
import { StatusBadge } from './status-badge'
import { ttlWords } from './ttl-words'

const route = getRouteApi('/change-requests/$requestId')
/** A moved field's value in the stale banner: quoted as sent, a TTL in words. */
const movedValue = (field: string, v: unknown) => (field === 'ttl' ? ttlWords(v) : null) ?? JSON.stringify(v)
const when = (ms: number | null) => (ms === null ? '' : formatDateTime(new Date(ms).toISOString()))

function Banner({ tone, title, children }: { tone: 'warning' | 'danger' | 'success' | 'info'; title: string; children?: React.ReactNode }) {
  const tones = {
    warning: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
    danger: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    success: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
    info: 'border-blue-300 bg-blue-50 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
  }
  return (
    <div role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'} className={`mb-4 rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  )
}

const RESULT_WORDS = { applied: 'applied', failed: 'failed', not_applied: 'not applied', unknown: 'outcome unknown' } as const
const UNDO_WORDS = { undone: 'undone', failed: 'undo refused', not_undone: 'not undone', unknown: 'undo outcome unknown' } as const

/** What the apply did with each change: policies have no batch, so each says for itself. */
function ItemResults({ r }: { r: ChangeRequestDetail }) {
  if (!r.items.some((i) => i.result)) return null
  return (
    <ul className="mt-2 space-y-1" aria-label="Result per change">
      {r.items.map((item) => {
        const d = r.diff.find((x) => x.position === item.position)
        return (
          <li key={item.position}>
            <span className="font-semibold">{item.result ? RESULT_WORDS[item.result.status] : 'not applied'}</span>: <span className="font-mono wrap-anywhere">{d ? `${d.kind} ${d.label}` : `change ${item.position + 1}`}</span>
            {item.result?.message ? ` (${item.result.message})` : ''}
            {item.result?.undo ? (
              <>
                {'; then '}
                <span className="font-semibold">{UNDO_WORDS[item.result.undo.status]}</span>
                {item.result.undo.message ? ` (${item.result.undo.message})` : ''}
              </>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * An apply or undo cut short (the server stopped, or the API never answered), as another instance
 * recovered it: what is known, in plain words, and what the person can do next.
 */
function Interrupted({ r, undoButton }: { r: ChangeRequestDetail; undoButton: React.ReactNode }) {
  const x = r.interrupted!
  const applying = x.phase === 'apply'
  const unknown = r.items.filter((i) => i.result?.status === 'unknown' || i.result?.undo?.status === 'unknown').length
  const landed = r.items.filter((i) => i.result?.status === 'applied' && i.result.undo?.status !== 'undone').length
  const next: string[] = []
  if (unknown) next.push(`Check the zone for the ${unknown === 1 ? 'change' : 'changes'} marked “outcome unknown”: ${applying ? 'it was sent but no answer was recorded, so it may or may not be there' : 'its undo was sent but no answer was recorded'}.`)
  if (applying && x.known === 0 && x.unknown === 0) next.push(r.mayApprove ? 'Nothing changed on the zone: you can approve it again to retry.' : 'Nothing changed on the zone: an approver of this zone can approve it again to retry.')
  if (landed) next.push(r.mayUndo ? (applying ? 'To take back what landed, use Undo this request: it reverses only the changes marked applied.' : 'Undo this request again to go on from where it stopped: what is already undone is not sent again.') : 'An approver of this zone can undo what landed.')
  if (applying && unknown && !landed) next.push('If the changes are not on the zone, propose them again in a new request.')
  return (
    <Banner tone={unknown ? 'warning' : 'info'} title={applying ? 'Interrupted while being applied' : 'Interrupted while being undone'}>
      <p className="mt-1">{x.message}</p>
      <p className="mt-1 text-xs">
        Instance {x.instance} took it on {when(x.leasedAt)}; instance {x.recoveredBy} found it stopped and recovered it on {when(x.recoveredAt)}, from the audit log.
      </p>
      <ItemResults r={r} />
      {next.length > 0 && (
        <div className="mt-2">
          <p className="font-semibold">What you can do next</p>
          <ul className="list-disc pl-5" aria-label="What you can do next">{next.map((n) => <li key={n}>{n}</li>)}</ul>
        </div>
      )}
      {undoButton}
    </Banner>
  )
}

function Decide({ r }: { r: ChangeRequestDetail }) {
  const id = String(r.id)
  const toast = useToast()
  const approve = useChangeRequestStep(id, 'approve')
  const reject = useChangeRequestStep(id, 'reject')
  const [comment, setComment] = useState('')
  const commentId = useId()
  if (!r.mayApprove && !r.mayReject) return null
  return (
    <Card title="Your decision" description="Approving applies every change above to the zone at once, as one batch: all of them or none.">
      <div className="space-y-3">
        {r.mayApprove && (
          <Button
            variant="primary"
            pending={approve.isPending}
            onClick={() =>
              approve.mutate({}, {
                onSuccess: (res) =>
                  res.status === 'applied'
                    ? toast.success('Approved and applied', `${plural(r.items.length, 'change')} landed on ${r.zoneName}.`)
                    : res.status === 'interrupted'
                      ? toast.error('Approved, but the outcome is unknown', 'The API did not answer in time: check the zone. See the result per change.')
                      : res.status === 'partly_applied'
                      ? toast.error('Approved, but only partly applied', 'A write was refused (a policy, or the scan\'s review): the changes before it landed, the rest were not tried. See the result per change.')
                      : toast.error('Approved, but the API refused it', 'The zone was left as it was: see why per change.'),
                onError: (e) => toast.error('Not applied', e),
              })
            }
          >
            {r.status === 'failed' ? 'Approve again and apply' : 'Approve and apply'}
          </Button>
        )}
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault()
            reject.mutate({ comment }, { onSuccess: () => toast.success('Rejected', 'The requester sees your comment.'), onError: (err) => toast.error('Not rejected', err) })
          }}
        >
          <label htmlFor={commentId} className="block text-sm font-medium">
            Comment for the requester (needed to reject)
            <textarea id={commentId} rows={3} className="mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-600 dark:bg-zinc-800" value={comment} onChange={(e) => setComment(e.target.value)} />
          </label>
          <Button type="submit" variant="danger" pending={reject.isPending} disabled={!comment.trim()}>
            Reject
          </Button>
        </form>
      </div>
    </Card>
  )
}

/** `/change-requests/:id`: who, when, why; the diff per object; what it will do; the decision. */
export function ChangeRequestPage() {
  const { requestId } = route.useParams()
  const q = useChangeRequest(requestId)
  const accountName = useAccountName()
  const toast = useToast()
  const refresh = useChangeRequestStep(requestId, 'refresh')
  const undo = useChangeRequestStep(requestId, 'undo')
  const done = useChangeRequestStep(requestId, 'done')
  const undoButton = (r: ChangeRequestDetail) =>
    r.mayUndo && (
      <Button className="mt-2" size="sm" pending={undo.isPending} onClick={() => undo.mutate({}, { onSuccess: () => toast.success('Undone', 'The zone is back as it was before this request.'), onError: (e) => toast.error('Not all undone', e) })}>
        Undo this request
      </Button>
    )
  const doneButton = (r: ChangeRequestDetail) =>
    r.mayDismiss && (
      <Button className="mt-2" size="sm" pending={done.isPending} onClick={() => done.mutate({}, { onSuccess: () => toast.success('Put aside', 'It is no longer on your list of requests that need you.'), onError: (e) => toast.error('Not put aside', e) })}>
        Done with it: take it off my list
      </Button>
    )
  if (q.isPending) return <LoadingBlock label="Loading the change request…" />
  if (q.isError) return <ErrorView error={q.error} onRetry={() => void q.refetch()} />
  const r = q.data
  const account = accountName(r.account)
  return (
    <>
      <PageHeader
        eyebrow={<Link to="/change-requests" className="hover:underline">Change requests</Link>}
        title={<span className="wrap-anywhere">#{r.id} {r.title}</span>}
        description={
          <>
            {`${plural(r.items.length, 'change')} to ${r.zoneName}, proposed by ${r.requester.name} (${r.requester.username}) on ${when(r.createdAt)}.`}
            {account && <span className="block [overflow-wrap:anywhere]">Account: {account}</span>}
          </>
        }
        actions={<StatusBadge status={r.status} />}
      />
      {r.status === 'stale' && (
        <Banner tone="warning" title="Stale: the zone changed since this request was filed">
          <ul className="mt-1 list-disc pl-5">{(r.problems ?? []).map((p, i) => <li key={i}>{p.message}{p.fields?.map((f) => ` ${f.field}: ${movedValue(f.field, f.was)} → ${movedValue(f.field, f.now)}`).join(';')}</li>)}</ul>
          <p className="mt-1">It cannot be applied until {r.mayRefresh ? 'you refresh it (it then proposes the same changes against the zone as it is now)' : 'its requester refreshes it'}.</p>
          {r.mayRefresh && (
            <Button className="mt-2" size="sm" pending={refresh.isPending} onClick={() => refresh.mutate({}, { onSuccess: () => toast.success('Refreshed', 'The request waits for approval again.'), onError: (e) => toast.error('Not refreshed', e) })}>
              Refresh
            </Button>
          )}
        </Banner>
      )}
      {r.status === 'failed' && r.interrupted && r.mayDismiss && doneButton(r)}
      {r.status === 'rejected' && (
        <Banner tone="danger" title={`Rejected by ${r.decidedBy?.name ?? 'an approver'} on ${when(r.decidedAt)}`}>
          <p className="mt-1 whitespace-pre-wrap">{r.comment}</p>
          <ReviseButton r={r} />
          {doneButton(r)}
        </Banner>
      )}
      {r.status === 'withdrawn' && (
        <Banner tone="info" title={`Withdrawn by ${r.requester.name} on ${when(r.updatedAt)}`}>
          <p className="mt-1">Nobody decided it, and nothing changed on the zone.</p>
          <ReviseButton r={r} />
        </Banner>
      )}
      {(r.status === 'applying' || r.status === 'undoing') && r.lease && (
        <Banner tone="info" title={r.status === 'applying' ? 'Being applied' : 'Being undone'}>
          <p className="mt-1">
            Instance {r.lease.instance} is working on it since {when(r.lease.leasedAt)}. If that server stops, another instance finds out after {when(r.lease.until)} and says what is known to have happened.
          </p>
        </Banner>
      )}
      {r.interrupted && <Interrupted r={r} undoButton={undoButton(r)} />}
      {r.status === 'failed' && !r.interrupted && (
        <Banner tone="danger" title="Failed: the API refused it, so the zone was left as it was">
          <ul className="mt-1 list-disc pl-5" aria-label="Why it failed">{(r.problems ?? []).map((p, i) => <li key={i}><span className="font-mono">{p.label}</span>: {p.message}</li>)}</ul>
          {doneButton(r)}
          <ItemResults r={r} />
        </Banner>
      )}
      {r.status === 'partly_applied' && !r.interrupted && (
        <Banner tone="warning" title={`Partly applied: approved by ${r.decidedBy?.name ?? 'an approver'} on ${when(r.decidedAt)}, but a change was refused`}>
          <p className="mt-1">
            Page-security policies have no batch: they are applied one by one, in order, and the first refusal stops the rest. The changes marked applied are on the zone now; the others are not.
          </p>
          <ul className="mt-1 list-disc pl-5" aria-label="Why it failed">{(r.problems ?? []).map((p, i) => <li key={i}><span className="font-mono">{p.label}</span>: {p.message}</li>)}</ul>
          <ItemResults r={r} />
          {undoButton(r)}
        </Banner>
      )}
      {(r.status === 'applied' || r.status === 'undone') && (
        <Banner tone="success" title={`Approved by ${r.decidedBy?.name ?? ''} and applied on ${when(r.decidedAt)}${r.status === 'undone' ? ', then undone' : ''}`}>
          {r.items.some((i) => i.result?.undo) && !r.interrupted && <ItemResults r={r} />}
          {!r.interrupted && undoButton(r)}
        </Banner>
      )}
      <div className="grid gap-5 lg:grid-cols-3">
        <div className="space-y-5 lg:col-span-2">
          <Card title="Why">
            <p className="text-sm whitespace-pre-wrap">{r.reason || 'No reason given.'}</p>
          </Card>
          <Card title="Changes" description="Each object as it was when proposed, and as the request leaves it.">
            <ChangeRequestDiff diff={r.diff} />
          </Card>
        </div>
        <div className="space-y-5">
          <Card title="What this will do" description="Worked out from the zone as it is now.">
            {r.impact.length ? (
              <ul className="space-y-2 text-sm" aria-label="Impact notes">
                {r.impact.map((n, i) => (
                  <li key={i} className={n.severity === 'warning' ? 'text-amber-900 dark:text-amber-200' : ''}>
                    {n.severity === 'warning' ? 'Warning: ' : 'Note: '}
                    {n.text}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{r.status === 'pending' || r.status === 'stale' ? 'Nothing that needs a second look.' : 'Worked out only while a request is open.'}</p>
            )}
          </Card>
          <WhoApproves r={r} />
          <WithdrawButton r={r} />
          <Decide r={r} />
        </div>
      </div>
    </>
  )
}
