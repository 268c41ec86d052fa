import { budgetRefusal } from '@/lib/api-client'
import { explainError } from '@/lib/error-text'
import { BudgetWait } from './budget-wait'
import { Button } from './button'

/**
 * A failed load: what went wrong in plain words, the API's code and message exactly as sent,
 * and a Retry button.
 */
export function ErrorView({ error, onRetry, title = 'This could not be loaded' }: { error: unknown; onRetry?: () => void; title?: string }) {
  // The team's API budget is nearly spent: a countdown and a retry of its own, not an error.
  if (budgetRefusal(error)) return <BudgetWait error={error} onRetry={onRetry} />
  const { summary, items, status, refused } = explainError(error)
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40">
      <h2 className="text-base font-semibold text-red-900 dark:text-red-100">{title}</h2>
      <p className="mt-1 text-sm text-red-900 dark:text-red-100">{summary}</p>
      <ul className="mt-3 space-y-1.5">
        {items.map((item, i) => (
          <li key={i} className="text-sm text-zinc-800 dark:text-zinc-200">
            <span className="mr-2 inline-block rounded bg-white px-1.5 py-0.5 font-mono text-xs text-red-800 ring-1 ring-red-200 dark:bg-zinc-900 dark:text-red-200 dark:ring-red-900">
              {item.code ? `Error ${item.code}` : 'Error'}
            </span>
            <span className="break-words">{item.message}</span>
            {item.explanation && item.explanation !== summary && <span className="block pl-1 text-zinc-600 dark:text-zinc-400">{item.explanation}</span>}
          </li>
        ))}
      </ul>
      {status > 0 && <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">HTTP status {status}</p>}
      {/* A refusal for who the person is would only be refused again: no Retry for it. */}
      {onRetry && !refused && (
        <Button className="mt-4" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  )
}
