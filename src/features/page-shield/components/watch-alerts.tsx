import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import type { Permission } from '@/lib/access'
import { cn, formatDateTime } from '@/lib/format'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '@/shared/page-shield/review-verdicts'
import type { WatchAlert, WatchChangeKind } from '@/shared/page-shield/watch'
import { connectionReviewsQueryOptions } from '../api/connection-reviews'
import { reviewsQueryOptions } from '../api/list-queries'
import { useMarkAlertRead, useWatchAlerts } from '../api/watch'

const KIND: Record<WatchChangeKind, { label: string; tone: BadgeTone }> = {
  malicious: { label: 'Malicious', tone: 'danger' },
  changed: { label: 'Code changed', tone: 'warning' },
  new: { label: 'New script', tone: 'info' },
  removed: { label: 'No longer seen', tone: 'neutral' },
  infrequent: { label: 'Infrequent', tone: 'neutral' },
  connection: { label: 'New connection host', tone: 'info' },
  policy: { label: 'Policy changed', tone: 'warning' },
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The latest ledger entry of the alert's script or connection (undefined: never reviewed, or the ledger is still loading). */
interface LatestReview {
  verdict: string
  reviewer: string
  reviewed_at: string
}

/**
 * What followed the alert: the latest verdict when it was recorded after the alert (who, when), else
 * a plain "not reviewed since" with the way to review it. `loading`: the ledger has not answered (yet, or failed): nothing is claimed then.
 */
function FollowUp({ alert, review, loading, children }: { alert: WatchAlert; review: LatestReview | undefined; loading: boolean; children: ReactNode }) {
  if (loading) return null
  const since = review !== undefined && Date.parse(review.reviewed_at) >= alert.created_at
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300" aria-label="Review since this alert">
      {since ? (
        <>
          <span>Reviewed since this alert:</span>
          <Badge tone={review.verdict === 'expected' ? 'success' : review.verdict === 'investigate' ? 'warning' : 'danger'}>
            {REVIEW_VERDICT_LABEL[review.verdict as ReviewVerdict] ?? review.verdict}
          </Badge>
          <span>
            by {review.reviewer}, {formatDateTime(review.reviewed_at)}
          </span>
        </>
      ) : (
        <>
          <span>Not reviewed since this alert.</span>
          {children}
        </>
      )}
    </p>
  )
}

function AlertItem({
  alert,
  zoneId,
  canAck,
  review,
  reviewLoading,
}: {
  alert: WatchAlert
  zoneId: string
  canAck: Permission
  review: LatestReview | undefined
  reviewLoading: boolean
}) {
  const mark = useMarkAlertRead(zoneId)
  const toast = useToast()
  const unread = alert.read_at === null
  const d = alert.detail
  const to =
    alert.item_kind === 'script'
      ? ({ to: '/zones/$zoneId/page-shield/scripts/$scriptId', params: { zoneId, scriptId: alert.item_id } } as const)
      : alert.item_kind === 'connection'
        ? ({ to: '/zones/$zoneId/page-shield/connections/$connectionId', params: { zoneId, connectionId: alert.item_id } } as const)
        : ({ to: '/zones/$zoneId/page-shield/policies', params: { zoneId } } as const)
  return (
    <li
      aria-label={`${unread ? 'Unread' : 'Read'} alert: ${alert.title}`}
      className={cn(
        'rounded-md border p-3',
        unread ? 'border-blue-300 bg-blue-50/60 dark:border-blue-800 dark:bg-blue-950/30' : 'border-zinc-200 dark:border-zinc-700',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {unread && <Badge tone="info">Unread</Badge>}
        {alert.kinds.map((k) => (
          <Badge key={k} tone={KIND[k].tone}>
            {KIND[k].label}
          </Badge>
        ))}
        <span className="text-xs text-zinc-600 dark:text-zinc-300">{formatDateTime(iso(alert.created_at))}</span>
      </div>
      <p className={cn('mt-1 text-sm break-all', unread && 'font-semibold')}>
        <Link {...to} className="text-blue-700 hover:underline dark:text-blue-300">
          {alert.title}
        </Link>
      </p>
      {alert.item_kind !== 'policy' && (
        <FollowUp alert={alert} review={review} loading={reviewLoading}>
          <Link {...to} className="text-blue-700 underline dark:text-blue-300">
            Review this {alert.item_kind}
          </Link>
        </FollowUp>
      )}
      <ul className="mt-1 list-disc pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        {d.changes.map((w, i) => (
          <li key={i}>{w}</li>
        ))}
      </ul>
      {d.pages.length > 0 && (
        <p className="mt-1 text-xs break-all text-zinc-600 dark:text-zinc-400">Loaded by: {d.pages.slice(0, 5).join(', ')}</p>
      )}
      {d.scores && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Scores: integrity {d.scores.js_integrity_score ?? 'none'}, malware {d.scores.malware_score ?? 'none'}, card skimming{' '}
          {d.scores.magecart_score ?? 'none'}, crypto-mining {d.scores.cryptomining_score ?? 'none'}
          {d.verdict && ` · Verdict it had: ${REVIEW_VERDICT_LABEL[d.verdict.verdict as ReviewVerdict] ?? d.verdict.verdict}${d.verdict_counts ? '' : ' (no longer counts)'}`}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-zinc-600 dark:text-zinc-400">
        {alert.deliveries.length === 0 ? (
          <span>Shown here only (no channel set).</span>
        ) : (
          alert.deliveries.map((x, i) => (
            <span key={i}>
              {x.channel_kind === 'email' ? 'E-mail' : 'Webhook'} {x.channel_target}: {x.status}
              {x.attempts > 1 ? ` after ${x.attempts} attempts` : ''}
            </span>
          ))
        )}
        {unread && (
          <Button
            size="sm"
            disabled={!canAck.allowed}
            title={canAck.allowed ? undefined : canAck.reason}
            pending={mark.isPending}
            onClick={() => mark.mutate(alert.id, { onError: (err) => toast.error('Could not mark the alert read', err) })}
          >
            Mark read
          </Button>
        )}
      </div>
    </li>
  )
}

/** The zone's alerts, newest first: unread ones stand out; each links to what it is about. */
export function WatchAlertList({ zoneId, canAck }: { zoneId: string; canAck: Permission }) {
  const alerts = useWatchAlerts(zoneId)
  // The review ledger, read only when an alert is about that kind of item: what followed each alert.
  const scripts = useQuery({ ...reviewsQueryOptions(zoneId), enabled: alerts.data?.some((a) => a.item_kind === 'script') ?? false })
  const connections = useQuery({ ...connectionReviewsQueryOptions(zoneId), enabled: alerts.data?.some((a) => a.item_kind === 'connection') ?? false })
  if (alerts.isPending) return <LoadingBlock label="Loading alerts…" />
  if (alerts.isError) return <ErrorView error={alerts.error} onRetry={() => void alerts.refetch()} />
  if (alerts.data.length === 0)
    return <EmptyState title="No alerts yet" description="When a check finds a new, changed, removed or malicious script, or a new connection host or policy change, it is listed here." />
  const unread = alerts.data.filter((a) => a.read_at === null).length
  return (
    <>
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300" role="status">
        {unread} unread of {alerts.data.length}
      </p>
      <ul className="space-y-2" aria-label="Alerts">
        {alerts.data.map((a) => (
          <AlertItem
            key={a.id}
            alert={a}
            zoneId={zoneId}
            canAck={canAck}
            review={a.item_kind === 'script' ? scripts.data?.byScript.get(a.item_id) : connections.data?.byConnection.get(a.item_id)}
            reviewLoading={(a.item_kind === 'script' ? scripts : connections).data === undefined}
          />
        ))}
      </ul>
    </>
  )
}
