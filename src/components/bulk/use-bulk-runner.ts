import { useCallback, useEffect, useRef, useState } from 'react'
import { runBulk, type BulkItemResult, type BulkTask } from './run-bulk'

export type BulkPhase = 'idle' | 'running' | 'cancelling' | 'done'

export interface BulkRunner<T> {
  phase: BulkPhase
  total: number
  results: BulkItemResult<T>[]
  counts: { ok: number; failed: number; skipped: number }
  /** Seconds left while the run waits for the API's rate limit; null while it works. */
  waiting: number | null
  /** Starts the run; resolves with all results when it ends (also after cancel). */
  start: (items: T[]) => Promise<BulkItemResult<T>[]>
  /** Stops starting new work; running calls finish, the rest become "skipped". */
  cancel: () => void
  /** Back to idle (after the dialog is closed). */
  reset: () => void
}

/** State for a long bulk operation, to show in <BulkProgress>. */
export function useBulkRunner<T>(task: BulkTask<T>): BulkRunner<T> {
  const [phase, setPhase] = useState<BulkPhase>('idle')
  const [total, setTotal] = useState(0)
  const [results, setResults] = useState<BulkItemResult<T>[]>([])
  const [waiting, setWaiting] = useState<number | null>(null)
  const cancelled = useRef(false)
  const taskRef = useRef(task)
  useEffect(() => {
    taskRef.current = task
  })

  const start = useCallback(async (items: T[]) => {
    cancelled.current = false
    setTotal(items.length)
    setResults([])
    setPhase('running')
    const all = await runBulk(items, taskRef.current, {
      cancelled: () => cancelled.current,
      onResult: (rs) => setResults((prev) => [...prev, ...(rs as BulkItemResult<T>[])]),
      onWait: setWaiting,
    })
    setWaiting(null)
    setPhase('done')
    return all
  }, [])
  const cancel = useCallback(() => {
    cancelled.current = true
    setPhase((p) => (p === 'running' ? 'cancelling' : p))
  }, [])
  const reset = useCallback(() => {
    setPhase('idle')
    setResults([])
    setTotal(0)
  }, [])
  const counts = { ok: 0, failed: 0, skipped: 0 }
  for (const r of results) counts[r.status]++
  return { phase, total, results, counts, waiting, start, cancel, reset }
}
