import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCan, useMe } from '@/lib/access'
import { healthQueryOptions } from '@/lib/health'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

// The confirmation and the reset load when "Reset sandbox" is pressed (administrators only): the
// dialog's code stays out of the shell, which every page loads first.
const ResetSandboxDialog = lazy(() => import('./reset-sandbox-dialog').then((m) => ({ default: m.ResetSandboxDialog })))

const practiceLink =
  'rounded-md px-2 py-1 text-sm font-medium text-violet-800 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-violet-200 dark:hover:bg-violet-950'

/**
 * "Sandbox", "Live" or "Practice" badge. Live: the way into one's own practice sandbox; sandbox: the
 * newcomer checklist, and a "Reset sandbox" action that restores the demo data.
 */
export function SandboxControls() {
  const health = useQuery(healthQueryOptions())
  const practising = useMe().data?.practice === true
  // Resetting throws away everyone's sandbox changes: administrators only (the server checks too).
  // It resets the sandbox everyone shares, not one's practice copy, so practice's relaxed roles do not
  // count: a practising viewer resets their copy with "Reset practice data" on the banner instead.
  const admin = useCan('admin', undefined, 'dashboard').allowed
  const [confirming, setConfirming] = useState(false)
  if (!health.data) return health.isError ? <Badge tone="danger">Server unreachable</Badge> : null
  if (health.data.mode === 'live') {
    if (practising) {
      return (
        <Badge tone="info" title="This session works in your own practice sandbox: nothing reaches the live account.">
          Practice
        </Badge>
      )
    }
    return (
      <>
        <Badge tone="warning" title="Changes here act on your real account through the API.">
          Live
        </Badge>
        <Link
          to="/practice"
          className={practiceLink}
          title="Try everything on your own copy of demo data, without touching the live account."
        >
          Practise safely
        </Link>
      </>
    )
  }
  return (
    <>
      {practising ? (
        <Badge tone="info" title="This session works in your own practice copy: nothing reaches the sandbox everyone shares.">
          Practice
        </Badge>
      ) : (
        <Badge tone="info" title="You are working on a local copy of the API with demo data. Nothing here touches a real account.">
          Sandbox
        </Badge>
      )}
      <Link to="/practice" className={practiceLink} title="First tasks to try, ticked off as you do them.">
        Newcomer checklist
      </Link>
      {admin && (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Reset sandbox
        </Button>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ResetSandboxDialog onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </>
  )
}
