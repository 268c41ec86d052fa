import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import { useCanWrite } from '@/lib/access'
import { formatDateTime } from '@/lib/format'
import { connectionReviewKind, threatChanges } from '@/shared/page-shield/connection-review'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '@/shared/page-shield/review-verdicts'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'
import type { ConnectionReviewEntry } from '@/shared/schemas/page-shield-review'
import { useConnectionReviewHistory } from '../api/connection-reviews'
import { ConnectionReviewBadge } from './connection-review-state'

const ConnectionReviewDialog = lazy(() => import('./connection-review-dialog').then((m) => ({ default: m.ConnectionReviewDialog })))

const threatThen = (r: ConnectionReviewEntry) =>
  [
    r.connection.domain_reported_malicious ? `domain reported (${r.connection.malicious_domain_categories.join(', ') || 'no category'})` : 'domain not reported',
    r.connection.url_reported_malicious ? `URL reported (${r.connection.malicious_url_categories.join(', ') || 'no category'})` : 'URL not reported',
  ].join('; ')

/** A connection in the review ledger (issue 28 item 5): its state, the verdict buttons, its history. */
export function ConnectionReviewPanel({ zoneId, connection }: { zoneId: string; connection: PageShieldConnection }) {
  const history = useConnectionReviewHistory(zoneId, connection.id)
  const can = useCanWrite('page-shield')
  const [verdict, setVerdict] = useState<ReviewVerdict | undefined>()
  const latest = history.data?.[0]
  const kind = history.data ? connectionReviewKind(connection, latest?.connection) : undefined
  const reasons = latest && kind === 'changed' ? threatChanges(connection, latest.connection) : []
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <ConnectionReviewBadge kind={kind} verdict={latest?.verdict} reviewer={latest?.reviewer} reasons={reasons} />
        {kind === 'changed' && <span className="text-sm text-amber-800 dark:text-amber-200">Since the last review, {reasons.join(' and ')}.</span>}
        {kind === 'new' && <span className="text-sm text-zinc-600 dark:text-zinc-300">Nobody has reviewed this connection yet.</span>}
      </div>
      {can.allowed ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setVerdict('expected')}>
            Mark as expected
          </Button>
          <Button variant="secondary" onClick={() => setVerdict('investigate')}>
            Mark for investigation
          </Button>
          <Button variant="danger" onClick={() => setVerdict('malicious')}>
            Malicious: remove
          </Button>
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{can.reason}</p>
      )}
      {history.error != null && (
        <ErrorView error={history.error} onRetry={() => void history.refetch()} title="The review history could not be loaded" />
      )}
      {history.data && history.data.length > 0 && (
        <ol aria-label="Review history, newest first" className="space-y-2 text-sm">
          {history.data.map((r) => (
            <li key={r.id} className="rounded-md border border-zinc-200 p-2.5 dark:border-zinc-700">
              <p className="text-zinc-900 dark:text-zinc-100">
                <span className="font-medium">{REVIEW_VERDICT_LABEL[r.verdict]}</span> — {r.reviewer}, {formatDateTime(r.reviewed_at)}
              </p>
              <p className="whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{r.note}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">Threat feeds then: {threatThen(r)}</p>
            </li>
          ))}
        </ol>
      )}
      {verdict && (
        <Suspense fallback={<Spinner label="Opening the review form" />}>
          <ConnectionReviewDialog zoneId={zoneId} connection={connection} verdict={verdict} open onClose={() => setVerdict(undefined)} />
        </Suspense>
      )}
    </div>
  )
}
