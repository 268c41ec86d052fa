import { useQuery } from '@tanstack/react-query'
import { Dialog } from '@/components/ui/dialog'
import { errorLine } from '@/lib/error-text'
import { historyQueryOptions } from './audit-api'
import { EntryCard } from './entry-card'

export interface HistoryTarget {
  zoneId: string
  /** dns_record, page_shield_policy or ruleset. */
  type: string
  id: string
  /** "A record www.example.com". */
  label: string
}

/** One object's audit entries, newest first, each with its diff and Undo. */
export function HistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      size="xl"
      // The entries may hold no button (nothing to undo, or a role that may not): the list itself takes focus to scroll.
      bodyLabel={target ? `Changes to ${target.label}` : 'Changes'}
      title={target ? `History of ${target.label}` : 'History'} description="Every change made through this dashboard, newest first, with what each one changed. Undo puts the object back as it was before that change.">
      {target && <HistoryList target={target} />}
    </Dialog>
  )
}

function HistoryList({ target }: { target: HistoryTarget }) {
  const q = useQuery({ ...historyQueryOptions(target.zoneId, target.type, target.id), staleTime: 0 })
  if (q.isPending) return <p role="status">Loading the history…</p>
  if (q.isError) return <p role="alert">The history could not be loaded: {errorLine(q.error)}</p>
  if (!q.data.length) return <p>No change to this through the dashboard yet (changes made elsewhere, for example in the service's own dashboard, are not recorded here).</p>
  const undone = new Set(q.data.filter((e) => e.undoOf !== null && e.outcome === 'success').map((e) => e.undoOf))
  return (
    <ol className="space-y-3">
      {q.data.map((e) => (
        <li key={e.id}>
          <EntryCard entry={e} undoneBy={undone.has(e.id)} record={target.type === 'dns_record' ? target.id : undefined} />
        </li>
      ))}
    </ol>
  )
}
