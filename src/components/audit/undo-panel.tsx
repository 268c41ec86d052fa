import { useQuery, useQueryClient, partialMatchKey } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { errorLine } from '@/lib/error-text'
import { checkUndo, runUndo } from './audit-api'
import { DNS_RECORD_WORDS } from './dns-words'
import { EntryDiff } from './entry-diff'
import { keys } from '@/lib/query-keys'

/**
 * Undo of one audit entry: first checks that every object is still as the entry left it; if not,
 * shows the differences and asks; then sends the undo (itself audited) and refreshes every list.
 */
export function UndoPanel({ entryId, onDone, onCancel }: { entryId: number; onDone?: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const check = useQuery({ queryKey: keys.audit.undoCheck(entryId), queryFn: ({ signal }) => checkUndo(entryId, signal), staleTime: 0, gcTime: 0, retry: false })
  // Shown where the person is looking (a toast behind an open dialog would be out of reach).
  if (done) return <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm dark:bg-emerald-950">Undone. {check.data?.note ?? ''}</p>
  if (check.isPending) return <p className="text-sm" role="status">Checking that nothing changed since…</p>
  if (check.isError) {
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p>This cannot be undone: {errorLine(check.error)}</p>
        <Button size="sm" onClick={onCancel}>Close</Button>
      </div>
    )
  }
  const { summary, note, conflicts } = check.data
  const go = async () => {
    setBusy(true)
    try {
      await runUndo(entryId, conflicts.length > 0)
      setDone(true)
      await queryClient.invalidateQueries({ predicate: (q) => !partialMatchKey(q.queryKey, keys.audit.undoChecks) })
      toast.success('Undone', note ?? summary)
      onDone?.()
    } catch (err) {
      toast.error('The undo did not go through', err)
      void check.refetch()
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="space-y-3 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-700" aria-label="Undo">
      <p>{summary}</p>
      {note && <p className="text-zinc-700 dark:text-zinc-300">{note}</p>}
      {conflicts.length > 0 && (
        <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2 dark:border-amber-700 dark:bg-amber-950">
          <p className="font-medium">Changed since: someone changed this after the entry. Undoing now would overwrite their change.</p>
          {conflicts.map((c) => (
            <div key={c.path}>
              <p className="text-xs font-medium">{c.label || c.path}{c.current === null ? ' (no longer exists)' : ''}</p>
              <EntryDiff before={c.expected} after={c.current} beforeLabel="As the entry left it" afterLabel="Now" caption={`Differences on ${c.label}`} words={/\/dns_records\//.test(c.path) ? DNS_RECORD_WORDS : undefined} />
            </div>
          ))}
        </div>
      )}
      <div className="flex gap-2">
        <Button size="sm" variant={conflicts.length ? 'danger' : 'primary'} pending={busy} onClick={() => void go()}>
          {conflicts.length ? 'Undo anyway' : 'Undo this change'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>Cancel</Button>
      </div>
    </div>
  )
}
