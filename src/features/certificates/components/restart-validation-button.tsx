import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { useCanWrite } from '@/lib/access'
import type { CertificatePack } from '@/shared/schemas/certificate-pack'
import { useRestartValidation } from '../api/restart-validation'

/** Offered on an advanced pack whose validation timed out: the API's PATCH sends it back to the authority. */
export function RestartValidationButton({ zoneId, pack }: { zoneId: string; pack: CertificatePack }) {
  const toast = useToast()
  const restart = useRestartValidation(zoneId, pack.id)
  const can = useCanWrite('certificates')
  if (pack.type !== 'advanced' || pack.status !== 'validation_timed_out') return null
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <Button
        variant="primary"
        pending={restart.isPending}
        disabled={!can.allowed}
        aria-describedby="restart-validation-note"
        onClick={() =>
          restart.mutate(undefined, {
            onSuccess: () =>
              toast.success('Validation restarted', 'The certificate authority checks the validation records again; the pack is pending validation.'),
            onError: (err) => toast.error('Validation was not restarted', err),
          })
        }
      >
        Restart validation
      </Button>
      <span id="restart-validation-note" className="text-sm text-zinc-600 dark:text-zinc-400">
        {can.allowed ? 'The certificate authority starts checking again; nothing else about the pack changes.' : can.reason}
      </span>
    </div>
  )
}
