import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import { useCanWrite } from '@/lib/access'
import { formatDateTime } from '@/lib/format'
import { reviewState } from '@/shared/page-shield/review'
import { REVIEW_VERDICT_LABEL, type ReviewVerdict } from '@/shared/page-shield/review-verdicts'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { useReviewHistory } from '../api/reviews'
import { MaliciousNextSteps } from './malicious-next-steps'
import { ReviewStateBadge } from './markers'

// The review form (react-hook-form, zod and the review schema) loads when a review is started, not
// with the script page (bundle rule, src/components/README.md).
const ReviewDialog = lazy(() => import('./review-dialog').then((m) => ({ default: m.ReviewDialog })))

/** Where the script stands in the review ledger, the buttons to review it, and its review history. */
export function ReviewPanel({ zoneId, script }: { zoneId: string; script: PageShieldScript }) {
  const history = useReviewHistory(zoneId, script.id)
  const can = useCanWrite('page-shield')
  const [verdict, setVerdict] = useState<ReviewVerdict | undefined>()
  const latest = history.data?.[0]
  const state = history.data ? reviewState(script, latest) : undefined
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewStateBadge state={state} />
        {state?.kind === 'changed' && (
          <span className="text-sm text-amber-800 dark:text-amber-200">
            Since the last review, {state.reasons.join(' and ')}.
          </span>
        )}
        {state?.kind === 'new' && (
          <span className="text-sm text-zinc-600 dark:text-zinc-300">Nobody has reviewed this script yet.</span>
        )}
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
      {latest?.verdict === 'malicious' && <MaliciousNextSteps zoneId={zoneId} script={script} />}
      {history.error != null && (
        <ErrorView error={history.error} onRetry={() => void history.refetch()} title="The review history could not be loaded" />
      )}
      {history.data && history.data.length > 0 && (
        <ol aria-label="Review history, newest first" className="space-y-2 text-sm">
          {history.data.map((r) => (
            <li key={r.id} className="rounded-md border border-zinc-200 p-2.5 dark:border-zinc-700">
              <p className="text-zinc-900 dark:text-zinc-100">
                <span className="font-medium">{REVIEW_VERDICT_LABEL[r.verdict]}</span> — {r.reviewer},{' '}
                {formatDateTime(r.reviewed_at)}
              </p>
              <p className="whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{r.note}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Integrity score then: {r.script.js_integrity_score ?? 'none'}
              </p>
            </li>
          ))}
        </ol>
      )}
      {verdict && (
        <Suspense fallback={<Spinner label="Opening the review form" />}>
          <ReviewDialog zoneId={zoneId} script={script} verdict={verdict} open onClose={() => setVerdict(undefined)} />
        </Suspense>
      )}
    </div>
  )
}
