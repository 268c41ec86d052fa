import { useEffect, useState, type ReactNode } from 'react'
import type { ApiRequestError } from '@/lib/api-client'
import { Button } from './button'

/** A second of the countdown (tests may shorten it). */
const TICK_MS = 1000

const retried = new WeakSet<ApiRequestError>()

/** The time now, renewed every second while shown. */
function useNow() {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** The words of a read refused because the team's API budget is nearly spent. */
export const budgetWaitText = (seconds: number) => `The team's API budget is nearly spent: try again in ${seconds} s.`

/**
 * A read the dashboard's server refused because the team's API budget is nearly spent (429, code
 * 10430, retry-after): says so plainly, counts down the seconds it gave, then tries again by itself
 * (`onRetry`: the query's refetch, or the route's reload). Never the bare 429.
 */
export function BudgetWait({ error, onRetry }: { error: ApiRequestError; onRetry?: () => void }) {
  const now = useNow()
  // Counted from when the refusal came; each refusal is retried once.
  const until = error.receivedAt + Math.max(1, error.retryAfter ?? 5) * 1000
  const left = Math.max(0, Math.ceil((until - now) / 1000))
  useEffect(() => {
    if (left > 0 || !onRetry || retried.has(error)) return
    retried.add(error)
    onRetry()
  }, [left, onRetry, error])
  const detail = error.errors.find((e) => e.message)?.message
  return (
    <div role="status" className="rounded-lg border border-amber-200 bg-amber-50 p-5 dark:border-amber-900 dark:bg-amber-950/40">
      <p className="text-base font-semibold text-amber-900 dark:text-amber-100">
        {left > 0 ? budgetWaitText(left) : "The team's API budget is nearly spent: trying again…"}
      </p>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-100">
        Everyone using this dashboard shares one API allowance. {onRetry ? 'This page tries again by itself when the time is up.' : 'Reload the page when the time is up.'}
      </p>
      {detail && <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{detail}</p>}
      {onRetry && left > 0 && (
        <Button className="mt-4" variant="secondary" onClick={onRetry}>
          Try now
        </Button>
      )}
    </div>
  )
}

/**
 * "As of 42 s ago": what the server answered from what it keeps while the team's API budget is low.
 * `what` names a list ("This list of zones is the one read then…"); `children`, when given, say it
 * in their own words instead.
 */
export function AsOfNotice({ asOf, what = 'This list', children }: { asOf: number; what?: string; children?: ReactNode }) {
  const now = useNow()
  const seconds = Math.max(0, Math.round((now - asOf) / 1000))
  return (
    <p role="status" className="mb-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
      As of {seconds} s ago.{' '}
      {children ?? <>{what} is the one read then: the team&apos;s API budget is low, so it is refreshed when the budget allows.</>}
    </p>
  )
}
