import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import { useCanWrite } from '@/lib/access'
import { formatDateTime } from '@/lib/format'
import { connectionReviewKind, threatChanges } from '@/shared/page-shield/connection-review'
import { reviewState } from '@/shared/page-shield/review'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '@/shared/page-shield/review-verdicts'
import type { PageShieldConnection, PageShieldScript } from '@/shared/schemas/page-shield'
import type { ConnectionReviewEntry } from '@/shared/schemas/page-shield-review'
import { useConnectionReviewHistory } from '../api/connection-reviews'
import { useReviewHistory } from '../api/reviews'
import { MaliciousNextSteps } from './malicious-next-steps'
import { ReviewBadge } from './markers'

// The review form (react-hook-form, zod and the review schema) loads when a review is started, not
// with the script or connection page (bundle rule, src/components/README.md).
const dialogs = () => import('./review-dialog')
const ReviewDialog = lazy(() => dialogs().then((m) => ({ default: m.ReviewDialog })))
const ConnectionReviewDialog = lazy(() => dialogs().then((m) => ({ default: m.ConnectionReviewDialog })))

/** Where the script stands in the review ledger, the buttons to review it, and its review history. */
export function ReviewPanel({ zoneId, script }: { zoneId: string; script: PageShieldScript }) {
  const history = useReviewHistory(zoneId, script.id)
  // The newest review that counts: an inherited verdict of a removed or expired pattern does not.
  const latest = history.data?.find((r) => r.pattern?.active !== false)
  const state = history.data ? reviewState(script, latest) : undefined
  return (
    <VerdictPanel
      noun="script"
      history={history}
      state={state && { kind: state.kind, reasons: state.kind === 'changed' ? state.reasons : [] }}
      then={(r) => `Integrity score then: ${r.script.js_integrity_score ?? 'none'}`}
      dialog={(verdict, onClose) => <ReviewDialog zoneId={zoneId} script={script} verdict={verdict} open onClose={onClose} />}
    >
      {latest?.verdict === 'malicious' && <MaliciousNextSteps zoneId={zoneId} script={script} />}
    </VerdictPanel>
  )
}

const threatThen = (r: ConnectionReviewEntry) =>
  [
    r.connection.domain_reported_malicious ? `domain reported (${r.connection.malicious_domain_categories.join(', ') || 'no category'})` : 'domain not reported',
    r.connection.url_reported_malicious ? `URL reported (${r.connection.malicious_url_categories.join(', ') || 'no category'})` : 'URL not reported',
  ].join('; ')

/** A connection in the review ledger: its state, the verdict buttons, its history. */
export function ConnectionReviewPanel({ zoneId, connection }: { zoneId: string; connection: PageShieldConnection }) {
  const history = useConnectionReviewHistory(zoneId, connection.id)
  const latest = history.data?.[0]
  const kind = history.data ? connectionReviewKind(connection, latest?.connection) : undefined
  return (
    <VerdictPanel
      noun="connection"
      history={history}
      state={kind && { kind, reasons: latest && kind === 'changed' ? threatChanges(connection, latest.connection) : [] }}
      then={(r) => `Threat feeds then: ${threatThen(r)}`}
      dialog={(verdict, onClose) => <ConnectionReviewDialog zoneId={zoneId} connection={connection} verdict={verdict} open onClose={onClose} />}
    />
  )
}

interface HistoryEntry {
  id: number | string
  verdict: ReviewVerdict
  reviewer: string
  reviewed_at: string
  note: string
  /** A verdict inherited from a pattern verdict; `active` false once it is removed or expired. */
  pattern?: { pattern: string; active?: boolean } | null
}

/** The one review panel: the state badge (and why it changed), the verdict buttons, `children`, the history newest first. */
function VerdictPanel<E extends HistoryEntry>({
  noun,
  history,
  state,
  then,
  dialog,
  children,
}: {
  noun: 'script' | 'connection'
  history: UseQueryResult<E[]>
  state: { kind: 'new' | 'changed' | 'reviewed'; reasons: readonly string[] } | undefined
  /** What the ledger kept of the object then, as one line. */
  then: (entry: E) => string
  dialog: (verdict: ReviewVerdict, onClose: () => void) => ReactNode
  children?: ReactNode
}) {
  const can = useCanWrite('page-shield')
  const [verdict, setVerdict] = useState<ReviewVerdict | undefined>()
  const latest = history.data?.find((r) => r.pattern?.active !== false)
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewBadge kind={state?.kind} verdict={latest?.verdict} reviewer={latest?.reviewer} reasons={state?.reasons} />
        {state?.kind === 'changed' && (
          <span className="text-sm text-amber-800 dark:text-amber-200">Since the last review, {state.reasons.join(' and ')}.</span>
        )}
        {state?.kind === 'new' && <span className="text-sm text-zinc-600 dark:text-zinc-300">Nobody has reviewed this {noun} yet.</span>}
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
      {children}
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
              {r.pattern && (
                <p className="break-all text-zinc-700 dark:text-zinc-300">
                  Inherited from the pattern verdict <span className="font-mono">{r.pattern.pattern}</span> set by {r.reviewer}
                  {r.pattern.active === false ? ' (no longer in force: removed or expired)' : ''}
                </p>
              )}
              <p className="whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{r.note}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{then(r)}</p>
            </li>
          ))}
        </ol>
      )}
      {verdict && <Suspense fallback={<Spinner label="Opening the review form" />}>{dialog(verdict, () => setVerdict(undefined))}</Suspense>}
    </div>
  )
}
