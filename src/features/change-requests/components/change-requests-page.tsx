import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { ErrorView } from '@/components/ui/error-view'
import { PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { Tabs } from '@/components/ui/tabs'
import { formatDateTime, plural } from '@/lib/format'
import { useAccountName } from '../api/account-name'
import { useChangeRequests, useChangeRequestSummary, useNeedingAttention, type ListScope } from '../api/change-requests'
import { StatusBadge } from './status-badge'

function RequestList({ scope }: { scope: ListScope }) {
  const list = useChangeRequests(scope)
  const accountName = useAccountName()
  if (list.isPending) return <LoadingBlock label="Loading change requests…" />
  if (list.isError) return <ErrorView error={list.error} onRetry={() => void list.refetch()} />
  if (!list.data.length) {
    return (
      <p className="py-6 text-sm text-zinc-600 dark:text-zinc-400">
        {scope === 'to-approve' ? 'Nothing waits for your approval.' : scope === 'mine' ? 'You have not filed a change request.' : 'No change requests on your zones yet.'}
      </p>
    )
  }
  return (
    <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Change requests">
      {list.data.map((r) => {
        const account = accountName(r.account)
        return (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <Link to="/change-requests/$requestId" params={{ requestId: String(r.id) }} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
                #{r.id} {r.title}
              </Link>
              <p className="text-sm text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
                {r.zoneName}
                {account && <span> · Account: {account}</span>} · {plural(r.items.length, 'change')} · by {r.requester.name} · {formatDateTime(new Date(r.createdAt).toISOString())}
              </p>
              {r.interrupted && <p className="text-sm text-amber-900 dark:text-amber-200">{r.interrupted.message} Open it to see what you can do next.</p>}
            </div>
            <StatusBadge status={r.status} />
          </li>
        )
      })}
    </ul>
  )
}

const WHAT_TO_DO: Partial<Record<string, string>> = {
  rejected: 'Rejected: read the comment, then revise and send a new request.',
  failed: 'Failed: the API refused it and the zone is unchanged; read why.',
  stale: 'Stale: the zone changed since you filed it; look at what moved and refresh it.',
}

/** The asker's own requests that wait for them (rejected, failed, stale), above the tabs. */
function NeedingAttention({ count }: { count: number }) {
  const list = useNeedingAttention(count > 0)
  const open = list.data?.filter((r) => r.status === 'stale' || !r.requesterDone) ?? []
  if (!count || !open.length) return null
  return (
    <section aria-labelledby="cr-attention" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
      <h2 id="cr-attention" className="font-semibold text-amber-950 dark:text-amber-100">
        Your requests that need you ({open.length})
      </h2>
      <ul className="mt-2 space-y-2" aria-label="Your requests that need you">
        {open.map((r) => (
          <li key={r.id} className="text-sm">
            <Link to="/change-requests/$requestId" params={{ requestId: String(r.id) }} className="font-medium text-blue-700 hover:underline [overflow-wrap:anywhere] dark:text-blue-300">
              #{r.id} {r.title}
            </Link>{' '}
            <span className="text-zinc-700 dark:text-zinc-300">
              on {r.zoneName}. {r.interrupted ? `${r.interrupted.message} Open it to see what can be done next.` : WHAT_TO_DO[r.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** `/change-requests`: requests waiting for approval, one's own, and every one on zones in scope. */
export function ChangeRequestsPage() {
  const summary = useChangeRequestSummary()
  const navigate = useNavigate()
  const chosen = useSearch({ from: '/change-requests' }).tab
  const waiting = summary.data?.toApprove ?? 0
  // Unless a tab is in the URL: what waits for the person's approval when something does, else their own
  // requests (someone who only proposes never has anything to approve).
  const tab: ListScope = chosen ?? (summary.data && waiting === 0 ? 'mine' : 'to-approve')
  return (
    <>
      <PageHeader
        title="Change requests"
        description="On a zone marked “changes need approval”, DNS changes are proposed first. Someone else reviews what each change does and approves it; only then is it applied to the zone, all changes at once or none."
      />
      <NeedingAttention count={summary.data?.mineNeedingAttention ?? 0} />
      <Tabs
        label="Change requests"
        value={tab}
        onChange={(id) => void navigate({ to: '/change-requests', search: { tab: id as ListScope }, replace: true })}
        items={[
          { id: 'to-approve', label: `To approve${waiting ? ` (${waiting})` : ''}`, content: <RequestList scope="to-approve" /> },
          { id: 'mine', label: 'My requests', content: <RequestList scope="mine" /> },
          { id: 'all', label: 'All on my zones', content: <RequestList scope="all" /> },
        ]}
      />
    </>
  )
}
