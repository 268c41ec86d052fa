import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'
import { usePracticeActions } from '@/lib/practice'

/** Asks before resetting the person's practice data (the banner and the practice page offer it), then says how it went. */
export function ResetPracticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const actions = usePracticeActions()
  const toast = useToast()
  const reset = () =>
    actions.reset().then(
      () => {
        onClose()
        toast.success('Practice data reset', 'Your practice sandbox holds the demo data again.')
      },
      (err: unknown) => toast.error('Your practice data could not be reset', err),
    )
  return (
    <ConfirmDialog
      open={open}
      title="Reset your practice data?"
      consequence="Everything you changed while practising (records, rules, verdicts, invites) is thrown away and your practice sandbox gets the demo data again. The live account and other people’s practice are not touched; your checklist progress is kept."
      confirmLabel="Reset practice data"
      pending={actions.pending === 'reset'}
      onCancel={onClose}
      onConfirm={() => void reset()}
    />
  )
}
