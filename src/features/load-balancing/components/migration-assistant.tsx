import { waitingText } from '@/lib/rate-limit-wait'
import { lazy, Suspense } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Card } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { plural } from '@/lib/format'
import { useMigration } from '../migration/use-migration'

// The plan and the status (with the shared schemas and zod) load when there is one to show.
const loadPlanView = () => import('./migration-plan')
const MigrationPlan = lazy(() => loadPlanView().then((m) => ({ default: m.MigrationPlan })))
const MigrationStatus = lazy(() => import('./migration-status').then((m) => ({ default: m.MigrationStatus })))

/** From the deprecated per-pool e-mail to notification policies: plan, create, verify, clear every page. */
export function MigrationAssistant({ accountId }: { accountId: string }) {
  const m = useMigration(accountId)
  const reading = m.activity.kind === 'reading' ? m.activity : undefined
  const plan = () => {
    // The plan's view loads while the pools are read; a failed load shows when it renders.
    loadPlanView().catch(() => undefined)
    void m.plan()
  }
  return (
    <Card
      title="Move health e-mails to notification policies"
      description="The e-mail address set on each pool is deprecated. Notification policies replace it: one per address, covering that address's pools."
    >
      <div className="space-y-4">
        {m.error != null && !m.state?.lastError && <ErrorView error={m.error} title="The migration stopped" onRetry={m.state ? () => void m.resume() : undefined} />}
        {m.notice && !m.state && (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {m.notice}
          </p>
        )}
        {m.restoring ? (
          <LoadingBlock label="Looking for a migration in progress…" />
        ) : m.state ? (
          <Suspense fallback={<LoadingBlock />}>
            <MigrationStatus m={m} state={m.state} />
          </Suspense>
        ) : m.draft ? (
          <Suspense fallback={<LoadingBlock />}>
            <MigrationPlan pools={m.draft} onStart={(o) => void m.start(m.draft!, o)} onClose={m.closeDraft} />
          </Suspense>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="primary" pending={!!reading} onClick={plan}>
              Plan the migration
            </Button>
            {reading ? (
              <>
                <span role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
                  {m.waiting !== null
                    ? waitingText(m.waiting)
                    : `Reading pools… ${reading.total ? `${reading.read} of ${plural(reading.total, 'pool')}` : ''}`}
                </span>
                <Button size="sm" onClick={m.cancel}>
                  Cancel
                </Button>
              </>
            ) : (
              <span className="text-sm text-zinc-600 dark:text-zinc-400">Reads every pool and shows what will change. Nothing is changed yet.</span>
            )}
          </div>
        )}
      </div>
    </Card>
  )
}
