import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useCan, useMe } from '@/lib/access'
import { local } from '@/lib/api-client'
import { healthQueryOptions } from '@/lib/health'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'

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
  const admin = useCan('admin').allowed
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const router = useRouter()
  const toast = useToast()
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
  const reset = async () => {
    setPending(true)
    try {
      await local.post('/api/sandbox/reset')
      // Everything cached describes the old data: reset it (active queries fetch again at once).
      await queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'healthz' })
      await router.invalidate()
      toast.success('Sandbox reset', 'Every zone, record and setting is back to the demo data.')
      setConfirming(false)
    } catch (err) {
      toast.error('The sandbox could not be reset', err)
    } finally {
      setPending(false)
    }
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
      <Link to="/practice" className={practiceLink} title="Six first tasks, ticked off as you do them.">
        Newcomer checklist
      </Link>
      {admin && (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Reset sandbox
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset the sandbox?"
        consequence="Every change made in the sandbox (zones, DNS records, certificates, rules, invites) will be thrown away and the demo data restored. This cannot be undone."
        confirmLabel="Reset sandbox"
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void reset()}
      >
        {pending && (
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            Restoring the demo data. This can take several seconds.
          </p>
        )}
      </ConfirmDialog>
    </>
  )
}
