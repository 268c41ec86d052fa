import { waitingText } from '@/lib/rate-limit-wait'
import { Button } from '@/components/ui/button'
import { cn, formatDateTime, plural } from '@/lib/format'
import type { MigrationEvent, MigrationState } from '@/shared/schemas/load-balancing-migration'
import { migrationProgress, totalPages } from '../migration/plan'
import type { MigrationController } from '../migration/use-migration'

function ProgressBar({ done, total, warn }: { done: number; total: number; warn: boolean }) {
  const pct = total ? Math.round((done / total) * 100) : 0
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm text-zinc-700 dark:text-zinc-300">
        <span>
          {done} of {total} steps
        </span>
        <span>{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Migration progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div className={cn('h-full rounded-full transition-[width]', warn ? 'bg-amber-500' : 'bg-blue-600')} style={{ width: `${pct}%` }} />
      </div>
    </div>
  )
}

function headline(s: MigrationState, running: boolean): string {
  if (running) return s.step === 'creating' ? 'Creating notification policies…' : 'Clearing the legacy e-mails, page by page…'
  if (s.step === 'done') return `Done: every legacy e-mail is cleared and ${plural(s.groups.length, 'policy', 'policies')} replace them.`
  if (s.blockedPages.length) return 'Needs attention: some pages were left alone.'
  if (s.lastError) return 'Stopped on an error. Nothing unsafe was done; resume when ready.'
  return 'Paused. Resume to continue where it stopped.'
}

function logLine(e: MigrationEvent): string {
  if (e.type === 'policy') return `${e.adopted ? 'Found an existing policy' : 'Created a policy'} for ${e.address}`
  if (e.type === 'page-blocked') return `Page ${e.page}: left alone (${plural(e.missing.length, 'address', 'addresses')} without a policy)`
  // What was done: the pools whose e-mail was cleared, named (those without one were not touched).
  // Older logs counted every pool on the page in `pools`; the names are the truth.
  const count = e.names.length > 0 ? e.names.length : e.pools
  const names = e.names.length > 0 ? `: ${e.names.slice(0, 5).join(', ')}${e.names.length > 5 ? ` and ${e.names.length - 5} more` : ''}` : ''
  return `Page ${e.page}: cleared ${plural(count, 'pool')}${names}`
}

/** A saved migration: where it is, what it did, and Resume / Cancel / Discard. */
export function MigrationStatus({ m, state }: { m: MigrationController; state: MigrationState }) {
  const running = m.activity.kind !== 'idle'
  const p = migrationProgress(state)
  const pages = totalPages(state)
  const missing = state.blockedPages.flatMap((b) => b.missing)
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {headline(state, running)}
      </p>
      {running && m.waiting !== null && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {waitingText(m.waiting)}. The API allows the whole team a limited number of requests per five minutes; the migration waits so
          that nobody's pages are refused. You can still cancel.
        </p>
      )}
      <ProgressBar done={p.done} total={p.total} warn={state.blockedPages.length > 0 || !!state.lastError} />
      <ul className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <li>
          {p.policies} of {plural(state.groups.length, 'policy', 'policies')} created and checked
        </li>
        <li>
          {state.clearedPages.length} of {plural(pages, 'page')} cleared ({plural(state.totalPools, 'pool')}, {state.pageSize} per page)
          {state.blockedPages.length > 0 && `, ${plural(state.blockedPages.length, 'page')} left alone`}
        </li>
        <li className="text-zinc-500 dark:text-zinc-400">Started {formatDateTime(state.startedAt)} · saved in the dashboard after every step, so a reload or another browser resumes here</li>
      </ul>
      {state.lastError && !running && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100">
          {state.lastError}
        </p>
      )}
      {missing.length > 0 && !running && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          <p>
            These pools have an address no policy covers (added or changed since the plan, or a policy was removed), so their pages were not
            cleared:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {missing.slice(0, 20).map((x) => (
              <li key={`${x.poolId}-${x.address}`} className="wrap-anywhere">
                {x.poolName} → {x.address}
              </li>
            ))}
            {missing.length > 20 && <li>and {missing.length - 20} more</li>}
          </ul>
        </div>
      )}
      {state.warnings.map((w) => (
        <p key={w} className="text-sm text-amber-800 dark:text-amber-200">
          {w}
        </p>
      ))}
      <div className="flex flex-wrap gap-2">
        {running ? (
          <Button onClick={m.cancel} disabled={m.activity.kind === 'cancelling'}>
            {m.activity.kind === 'cancelling' ? 'Cancelling…' : 'Cancel'}
          </Button>
        ) : state.step === 'done' ? (
          <Button onClick={m.discard}>Dismiss</Button>
        ) : (
          <>
            {missing.length > 0 ? (
              <Button variant="primary" onClick={() => void m.coverAndContinue()}>
                Cover these addresses and continue
              </Button>
            ) : (
              <Button variant="primary" onClick={() => void m.resume()}>
                Resume migration
              </Button>
            )}
            <Button variant="ghost" onClick={m.discard} title="Forget this migration in the dashboard; policies already created stay.">
              Discard
            </Button>
          </>
        )}
      </div>
      {/* Every line, in a scroll area reachable by keyboard (WCAG 2.1.1; axe: scrollable-region-focusable). */}
      <div
        role="region"
        aria-label="Migration log, every step"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="max-h-40 overflow-y-auto rounded focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <ol aria-label="Migration log" aria-live="polite" className="text-xs text-zinc-600 dark:text-zinc-400">
          {state.log.map((e, i) => (
            <li key={i} className="wrap-anywhere">
              {logLine(e)}
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
