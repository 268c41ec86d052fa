import { useState } from 'react'
import { useQueryClient, partialMatchKey } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { localCall } from '@/lib/api-client'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'
import { keys } from '@/lib/query-keys'

/**
 * "Reset the sandbox?" and the reset itself (administrators, sandbox mode). Its code (with the
 * dialog's) loads when the button is pressed, out of every page's first load.
 */
export function ResetSandboxDialog({ onClose }: { onClose: () => void }) {
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const router = useRouter()
  const toast = useToast()
  const reset = async () => {
    setPending(true)
    try {
      await localCall('POST', '/api/sandbox/reset')
      // Everything cached describes the old data: reset it (active queries fetch again at once).
      await queryClient.resetQueries({ predicate: (q) => !partialMatchKey(q.queryKey, keys.healthz) })
      await router.invalidate()
      toast.success('Sandbox reset', 'Every zone, record and setting is back to the demo data.')
      onClose()
    } catch (err) {
      toast.error('The sandbox could not be reset', err)
    } finally {
      setPending(false)
    }
  }
  return (
    <ConfirmDialog
      open
      title="Reset the sandbox?"
      consequence="Every change made in the sandbox (zones, DNS records, certificates, rules, invites) will be thrown away and the demo data restored. This cannot be undone."
      confirmLabel="Reset sandbox"
      pending={pending}
      onCancel={onClose}
      onConfirm={() => void reset()}
    >
      {pending && (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          Restoring the demo data. This can take several seconds.
        </p>
      )}
    </ConfirmDialog>
  )
}
