import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import type { DraftItem } from '@/lib/change-draft'
import { changeDraft, useChangeDraft } from '@/lib/change-requests'
import { plural } from '@/lib/format'
import type { ChangeRequestDetail } from '@/shared/schemas/change-requests'
import { useChangeRequestStep } from '../api/change-requests'

// Asked only when someone presses the button: kept out of the request page's first load.
const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })))

const KIND = { added: 'Add', changed: 'Change', deleted: 'Delete', rejected: 'Reject' } as const

/** The request's changes as the tray holds them: the same items it was filed with, labelled as its diff says them. */
function draftItemsOf(r: Pick<ChangeRequestDetail, 'items' | 'diff'>): DraftItem[] {
  return r.items.map((it) => {
    const d = r.diff.find((x) => x.position === it.position)
    const label = d ? `${KIND[d.kind]} ${d.label}` : `Change ${it.position + 1}`
    if (it.action === 'delete') return { kind: it.kind, action: 'delete', recordId: it.recordId ?? '', label }
    if (it.action === 'update') return { kind: it.kind, action: 'update', recordId: it.recordId ?? '', body: it.body ?? {}, label }
    return { kind: it.kind, action: 'create', ...(it.recordId ? { recordId: it.recordId } : {}), body: it.body ?? {}, label }
  })
}

/** Who will approve a pending request: the zone's approvers by name, and administrators, who approve on every zone. */
export function WhoApproves({ r }: { r: ChangeRequestDetail }) {
  if (!r.approvers) return null
  const names = r.approvers.people.map((p) => `${p.name} (${p.username})`)
  return (
    <Card title="Who will approve">
      <p className="text-sm wrap-anywhere">
        {names.length ? `${names.join(', ')}, or any administrator.` : 'Any administrator.'}
      </p>
    </Card>
  )
}

/** The requester takes back a pending request, after saying so in a dialog. */
export function WithdrawButton({ r }: { r: ChangeRequestDetail }) {
  const withdraw = useChangeRequestStep(String(r.id), 'withdraw')
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  if (!r.mayWithdraw) return null
  return (
    <Card title="Your request" description="Nobody has decided it yet. Withdrawn, it no longer waits for approval; you can then revise it as a new request.">
      <Button variant="danger" onClick={() => setAsking(true)}>
        Withdraw
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            pending={withdraw.isPending}
            title={`Withdraw request #${r.id}?`}
            consequence={`It will no longer wait for approval, and nothing changes on ${r.zoneName}.`}
            confirmLabel="Withdraw request"
            onCancel={() => setAsking(false)}
            onConfirm={() =>
              withdraw.mutate({}, {
                onSuccess: () => toast.success('Withdrawn', 'It no longer waits for approval.'),
                onError: (e) => toast.error('Not withdrawn', e),
                onSettled: () => setAsking(false),
              })
            }
          />
        </Suspense>
      )}
    </Card>
  )
}

/**
 * A rejected or withdrawn request's changes back in the tray the proposer gathers changes in, so
 * they remove or redo some and send it again as a new request (the old one stays as it was).
 */
export function ReviseButton({ r }: { r: ChangeRequestDetail }) {
  const draft = useChangeDraft()
  const toast = useToast()
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  const zoneLink = (
    <Link to="/zones/$zoneId/dns" params={{ zoneId: r.zoneId }} className="text-blue-700 underline dark:text-blue-300">
      DNS records of {r.zoneName}
    </Link>
  )
  if (!r.mayRevise) return <p className="mt-2 text-sm">{zoneLink}</p>
  const revise = () => {
    changeDraft.clear()
    const out = changeDraft.addMany(r.zoneId, r.zoneName, draftItemsOf(r))
    setAsking(false)
    if (!out.added) return toast.error('Not revised', 'The request holds more changes than a new one takes.')
    toast.success('In a new request', `${plural(r.items.length, 'change')} of #${r.id} are in the request you are gathering: change what you need, give it a title and send it.`)
    void navigate({ to: '/zones/$zoneId/dns', params: { zoneId: r.zoneId } })
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <Button size="sm" variant="primary" onClick={() => (draft ? setAsking(true) : revise())}>
        Revise as a new request
      </Button>
      {zoneLink}
      {asking && draft && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Replace the request you are gathering?"
            consequence={`It holds ${plural(draft.items.length, 'change')} on ${draft.zoneName || 'a zone'}, not sent yet: they will be replaced by the changes of #${r.id}.`}
            confirmLabel="Replace them"
            onCancel={() => setAsking(false)}
            onConfirm={revise}
          />
        </Suspense>
      )}
    </div>
  )
}
