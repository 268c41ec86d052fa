import type { ReactNode } from 'react'
import { cn, formatNumber } from '@/lib/format'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { BulkRunner } from './use-bulk-runner'
import { waitingText, workingThroughText } from './run-bulk'

const statusText = { ok: 'Done', failed: 'Failed', skipped: 'Skipped (cancelled)' }
const statusClass = {
  ok: 'text-emerald-700 dark:text-emerald-300',
  failed: 'text-red-700 dark:text-red-300',
  skipped: 'text-zinc-600 dark:text-zinc-400',
}

/**
 * Progress of a bulk operation: a progress bar, a Cancel button while it runs, and a result per
 * item (done / failed with the API's code and message / skipped after cancel). Open while phase ≠ idle.
 */
export function BulkProgress<T>({ runner, title, onClose, after }: { runner: BulkRunner<T>; title: string; onClose: () => void; /** Shown once finished, above the results (e.g. Undo). */ after?: ReactNode }) {
  const { phase, total, results, counts, waiting } = runner
  const finished = results.length
  const pct = total ? Math.round((finished / total) * 100) : 0
  const running = phase === 'running' || phase === 'cancelling'
  const ordered = [...results].sort((a, b) => (a.status === b.status ? 0 : a.status === 'failed' ? -1 : b.status === 'failed' ? 1 : 0))
  return (
    <Dialog
      open={phase !== 'idle'}
      onClose={onClose}
      title={title}
      dismissible={!running}
      size="lg"
      description={
        running
          ? phase === 'cancelling'
            ? 'Stopping: changes already sent will finish; the rest will be skipped.'
            : workingThroughText(total)
          : `Finished: ${formatNumber(counts.ok)} done, ${formatNumber(counts.failed)} failed, ${formatNumber(counts.skipped)} skipped.`
      }
      footer={
        running ? (
          <Button onClick={runner.cancel} disabled={phase === 'cancelling'}>
            {phase === 'cancelling' ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : (
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      <div className="space-y-3">
        {!running && after}
        <div>
          <div className="mb-1 flex justify-between text-sm text-zinc-700 dark:text-zinc-300">
            <span>
              {formatNumber(finished)} of {formatNumber(total)}
            </span>
            <span>{pct}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={title}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={finished}
            className="h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
          >
            <div className={cn('h-full rounded-full transition-[width]', counts.failed ? 'bg-amber-500' : 'bg-blue-600')} style={{ width: `${pct}%` }} />
          </div>
        </div>
        {waiting !== null && phase === 'running' && (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {waitingText(waiting)}. The API allows the whole team a limited number of requests per five minutes; this
            work waits so that nobody's pages are refused. You can still cancel.
          </p>
        )}
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span className="text-emerald-700 dark:text-emerald-300">{formatNumber(counts.ok)} done</span> ·{' '}
          <span className="text-red-700 dark:text-red-300">{formatNumber(counts.failed)} failed</span> ·{' '}
          <span>{formatNumber(counts.skipped)} skipped</span>
        </p>
        {ordered.length > 0 && (
          <ul aria-label="Result per item" className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-700">
            {ordered.map((r) => (
              <li key={r.key} className="px-3 py-2">
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 break-all text-zinc-800 dark:text-zinc-200">{r.label}</span>
                  <span className={cn('shrink-0 font-medium', statusClass[r.status])}>{statusText[r.status]}</span>
                </div>
                {r.errors?.map((e, i) => (
                  <p key={i} className="mt-0.5 text-red-800 dark:text-red-300">
                    {e.code > 0 && <span className="mr-1 font-mono text-xs">Error {e.code}</span>}
                    {e.message}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
