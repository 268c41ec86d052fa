import { lazy, Suspense, useEffect, useState } from 'react'
import { registerUndoOpener } from '@/lib/audit-events'

// The dialog's code loads only when a toast's Undo is pressed: the shell's first load stays small.
const UndoDialog = lazy(() => import('./undo-dialog').then((m) => ({ default: m.UndoDialog })))

/** Where a toast's "Undo" opens: the same check, conflict view and undo as History. Mount once. */
export function UndoHost() {
  const [entry, setEntry] = useState<number | null>(null)
  useEffect(() => {
    registerUndoOpener(setEntry)
    return () => registerUndoOpener(undefined)
  }, [])
  if (entry === null) return null
  return (
    <Suspense fallback={null}>
      <UndoDialog entryId={entry} onClose={() => setEntry(null)} />
    </Suspense>
  )
}
