import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCan } from '@/lib/access'
import { local } from '@/lib/api-client'
import { healthQueryOptions } from '@/lib/health'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'

/** "Sandbox" or "Live" badge; in the sandbox, a "Reset sandbox" action that restores the demo data. */
export function SandboxControls() {
  const health = useQuery(healthQueryOptions())
  // Resetting throws away everyone's sandbox changes: administrators only (the server checks too).
  const admin = useCan('admin').allowed
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const router = useRouter()
  const toast = useToast()
  if (!health.data) return health.isError ? <Badge tone="danger">Server unreachable</Badge> : null
  if (health.data.mode === 'live') {
    return (
      <Badge tone="warning" title="Changes here act on your real account through the API.">
        Live
      </Badge>
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
      <Badge tone="info" title="You are working on a local copy of the API with demo data. Nothing here touches a real account.">
        Sandbox
      </Badge>
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
