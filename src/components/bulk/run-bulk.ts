import { explainError } from '@/lib/error-text'
import { plural } from '@/lib/format'
import { rateLimitWait, type ApiErrorItem } from '@/lib/api-client'
import { waitingOutRateLimit, waitingText } from '@/lib/rate-limit-wait'

/** The progress dialog's line while a run goes: "1 item", "3 items". */
export const workingThroughText = (total: number): string => `Working through ${plural(total, 'item')}. You can cancel; items already done stay done.`

export type BulkStatus = 'ok' | 'failed' | 'skipped'

export interface BulkItemResult<T> {
  item: T
  key: string
  label: string
  status: BulkStatus
  /** For failed items: the API's errors (code + message). */
  errors?: ApiErrorItem[]
}

export interface BulkTask<T> {
  /** Stable key of an item (its id). */
  key: (item: T) => string
  /** How the item is named in the result list ("A www.example.com → 192.0.2.1"). */
  label: (item: T) => string
  /** One call per item: resolving means done, throwing means failed. */
  perItem?: (item: T) => Promise<unknown>
  /** Several items per call: return one entry per item, undefined/null for ok, or an error; throwing fails the whole batch. */
  perBatch?: { size: number; run: (items: T[]) => Promise<(unknown | null | undefined)[]> }
  /** Parallel calls for perItem (default 4). Batches run one after another. */
  concurrency?: number
}

export interface BulkControl {
  /** True once the user asked to stop: no new work starts; running calls finish and are reported. */
  cancelled: () => boolean
  onResult: (results: BulkItemResult<unknown>[]) => void
  /**
   * Waiting for the API's rate limit: the seconds left, every second (null once it resumes). The
   * dashboard's server refuses long work while the account's budget is nearly spent (code 10430,
   * with retry-after); the run waits that out and sends the same call again.
   */
  onWait?: (secondsLeft: number | null) => void
  /** A second of waiting (tests shorten it). */
  tickMs?: number
}

export { waitingText }

const withRateLimitWaits = <R>(run: () => Promise<R>, control: BulkControl) =>
  waitingOutRateLimit(run, { cancelled: control.cancelled, onWait: control.onWait, tickMs: control.tickMs })

const errorsOf = (err: unknown): ApiErrorItem[] => explainError(err).items.map(({ code, message, source }) => ({ code, message, source }))

/**
 * Runs a task over items and reports each item's result as it lands. After cancellation the
 * items not started are reported as skipped. Resolves with every item's result, in input order.
 */
export async function runBulk<T>(items: T[], task: BulkTask<T>, control: BulkControl): Promise<BulkItemResult<T>[]> {
  const results: (BulkItemResult<T> | undefined)[] = new Array(items.length)
  const report = (index: number, status: BulkStatus, errors?: ApiErrorItem[]) => {
    const item = items[index]
    const r: BulkItemResult<T> = { item, key: task.key(item), label: task.label(item), status, ...(errors ? { errors } : {}) }
    results[index] = r
    return r
  }
  if (task.perBatch) {
    const size = Math.max(1, task.perBatch.size)
    for (let start = 0; start < items.length && !control.cancelled(); start += size) {
      const indexes = items.slice(start, start + size).map((_, i) => start + i)
      let outcome: (unknown | null | undefined)[] | undefined
      let batchError: unknown
      try {
        const run = task.perBatch.run
        outcome = await withRateLimitWaits(() => run(indexes.map((i) => items[i])), control)
      } catch (err) {
        batchError = err
      }
      // Cancelled while waiting for the rate limit: nothing of this batch was sent (reported as skipped).
      if (batchError !== undefined && control.cancelled() && rateLimitWait(batchError) !== undefined) break
      control.onResult(
        indexes.map((i, j) => {
          if (batchError !== undefined) return report(i, 'failed', errorsOf(batchError))
          const e = outcome?.[j]
          return e === undefined || e === null ? report(i, 'ok') : report(i, 'failed', errorsOf(e))
        }),
      )
    }
  } else if (task.perItem) {
    const perItem = task.perItem
    let next = 0
    const worker = async () => {
      while (!control.cancelled() && next < items.length) {
        const i = next++
        try {
          await withRateLimitWaits(() => perItem(items[i]), control)
          control.onResult([report(i, 'ok')])
        } catch (err) {
          if (control.cancelled() && rateLimitWait(err) !== undefined) return
          control.onResult([report(i, 'failed', errorsOf(err))])
        }
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, Math.min(task.concurrency ?? 4, items.length)) }, worker))
  } else {
    throw new Error('runBulk needs perItem or perBatch.')
  }
  const skipped = items.flatMap((_, i) => (results[i] ? [] : [report(i, 'skipped')]))
  if (skipped.length) control.onResult(skipped)
  return results as BulkItemResult<T>[]
}
