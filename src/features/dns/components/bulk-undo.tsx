import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { runUndo } from '@/components/audit/audit-api'
import { Button } from '@/components/ui/button'
import { errorLine } from '@/lib/error-text'
import { formatNumber, plural } from '@/lib/format'
import { undoInOrder, type UndoSequenceResult } from '../lib/undo-sequence'
import { keys } from '@/lib/query-keys'

/**
 * "Undo" at the end of a bulk delete: the run's batch requests (one audit entry each) are undone as
 * one, newest first, with progress, stopping at the first that fails.
 */
export function BulkUndo({ entries, records, zoneId }: { entries: readonly number[]; records: number; zoneId: string }) {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [outcome, setOutcome] = useState<UndoSequenceResult | null>(null)
  if (entries.length === 0) return null
  const go = async () => {
    const result = await undoInOrder(entries, (id) => runUndo(id, false), (done, total) => setProgress({ done, total }))
    setOutcome(result)
    setProgress(null)
    await queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) })
    await queryClient.invalidateQueries({ queryKey: keys.audit.all })
  }
  const requests = entries.length === 1 ? 'one request' : `${formatNumber(entries.length)} requests`
  if (outcome && !outcome.failed) {
    return (
      <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
        Undone: the {plural(records, 'deleted record')} are back ({requests} undone, each recorded in the audit log).
      </p>
    )
  }
  if (outcome?.failed) {
    return (
      <div role="alert" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <p className="font-medium">
          The undo stopped at request {formatNumber(outcome.undone.length + 1)} of {formatNumber(entries.length)}: {errorLine(outcome.failed.error)}
        </p>
        <p>
          {outcome.undone.length ? `The ${formatNumber(outcome.undone.length)} before it were undone; ` : 'Nothing was undone; '}
          the rest were left as they are. Open the <a className="underline" href="/audit">audit log</a> to look at entry {outcome.failed.entry} and undo the
          others one by one.
        </p>
      </div>
    )
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-700">
      <span>
        This can be undone: the {plural(records, 'record')} went in {requests}, undone together, newest first.
      </span>
      <Button size="sm" variant="primary" pending={progress !== null} onClick={() => void go()}>
        Undo the delete
      </Button>
      {progress && (
        <span role="status">
          Undoing request {formatNumber(Math.min(progress.done + 1, progress.total))} of {formatNumber(progress.total)}…
        </span>
      )}
    </div>
  )
}
