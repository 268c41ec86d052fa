import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from '@/lib/health'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { practiceQueryOptions, usePracticeActions } from '@/lib/practice'
import { ResetPracticeDialog } from '@/components/practice/reset-practice-dialog'
import { Checklist } from './checklist'
import { SandboxApiCard } from './sandbox-api-card'

/** `/practice`: what practice is, the switch in and out of it, the reset, and the newcomer checklist. */
export function PracticePage() {
  const practice = useQuery(practiceQueryOptions())
  // In sandbox mode practice is a copy apart from the sandbox everyone shares.
  const sandbox = useQuery(healthQueryOptions()).data?.mode === 'sandbox'
  const actions = usePracticeActions()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  if (practice.isPending) return <LoadingBlock />
  if (practice.isError) return <ErrorView error={practice.error} />
  const view = practice.data
  const go = (on: boolean) =>
    void actions
      .switchTo(on)
      .catch((err: unknown) => toast.error(on ? 'Could not start practising' : sandbox ? 'Could not stop practising' : 'Could not go back to live', err))
  const away = sandbox ? 'the sandbox everyone shares' : 'the live account'
  return (
    <>
      <PageHeader
        title={view.mode === 'sandbox' ? 'Newcomer checklist' : 'Practice sandbox'}
        description={
          view.mode === 'sandbox'
            ? 'This dashboard runs its sandbox of demo data, shared by everyone signed in. To try what your role does not allow here, practise on your own copy.'
            : `Your own copy of the demo data, to try every task without any risk to ${away}.`
        }
        actions={
          view.mode === 'live' || view.mode === 'sandbox' ? (
            <Button variant="primary" pending={actions.pending === 'switch'} onClick={() => go(true)}>
              Start practising
            </Button>
          ) : view.mode === 'practice' ? (
            <>
              <Button onClick={() => setConfirming(true)}>Reset practice data</Button>
              <Button variant="primary" pending={actions.pending === 'switch'} onClick={() => go(false)}>
                {sandbox ? 'Stop practising' : 'Back to live'}
              </Button>
            </>
          ) : undefined
        }
      />
      <Card title={view.mode === 'practice' ? 'You are practising' : 'How practice works'} className="mb-6">
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
          <li>
            You get the same dashboard on your own copy of the demo data (example.com and a few more zones), made for you the
            first time you start.
          </li>
          <li>
            {sandbox
              ? 'Nothing you do there reaches the sandbox everyone shares: other people never see your changes.'
              : 'Nothing you do there reaches the live account: the dashboard does not use its API credential while you practise.'}
          </li>
          <li>
            Whatever your role, you may change everything in your copy, so you can try what you will do for real later. Nobody
            else sees it.
          </li>
          <li>
            Only this browser switches: where else you are signed in stays {sandbox ? 'in the shared sandbox' : 'live'}. A violet
            banner stays on every page while you practise.
          </li>
          <li>
            “Reset practice data” gives you the demo data again; “{sandbox ? 'Stop practising' : 'Back to live'}” returns to {away}.
          </li>
        </ul>
      </Card>
      {view.mode === 'sandbox' && <SandboxApiCard />}
      <Card
        title="Newcomer checklist"
        description="First tasks to try. Each one ticks itself off when you have really done it (the dashboard sees it happen)."
      >
        {view.mode === 'live' && (
          <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
            You do these in practice: start practising to follow the links.
          </p>
        )}
        <Checklist
          view={view}
          links={view.mode !== 'live'}
          onPractise={view.mode !== 'practice' ? () => go(true) : undefined}
          pending={actions.pending === 'switch'}
        />
      </Card>
      <ResetPracticeDialog open={confirming} onClose={() => setConfirming(false)} />
    </>
  )
}
