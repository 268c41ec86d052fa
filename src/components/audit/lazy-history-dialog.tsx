import { lazy, Suspense } from 'react'
import type { HistoryTarget } from './history-dialog'

// The history (diffs, undo) loads when first opened: pages keep it out of their first load.
const HistoryDialogImpl = lazy(() => import('./history-dialog').then((m) => ({ default: m.HistoryDialog })))

export type { HistoryTarget }

export function LazyHistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  if (target === null) return null
  return (
    <Suspense fallback={null}>
      <HistoryDialogImpl target={target} onClose={onClose} />
    </Suspense>
  )
}

