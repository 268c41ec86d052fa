import { Dialog } from '@/components/ui/dialog'
import { UndoPanel } from './undo-panel'

export function UndoDialog({ entryId, onClose }: { entryId: number; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Undo the change" description="Puts things back as they were before the change you just made.">
      <UndoPanel key={entryId} entryId={entryId} onCancel={onClose} />
    </Dialog>
  )
}
