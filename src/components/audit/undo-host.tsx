import { useEffect, useState } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { registerUndoOpener } from '@/lib/audit-events'
import { UndoPanel } from './undo-panel'

/** The dialog a toast's "Undo" opens: the same check, conflict view and undo as History. Mount once. */
export function UndoHost() {
  const [entry, setEntry] = useState<number | null>(null)
  useEffect(() => {
    registerUndoOpener(setEntry)
    return () => registerUndoOpener(undefined)
  }, [])
  return (
    <Dialog open={entry !== null} onClose={() => setEntry(null)} title="Undo the change" description="Puts things back as they were before the change you just made.">
      {entry !== null && <UndoPanel key={entry} entryId={entry} onCancel={() => setEntry(null)} onDone={() => setEntry(null)} />}
    </Dialog>
  )
}
