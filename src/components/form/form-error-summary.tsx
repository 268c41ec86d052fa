import { explainCode } from '@/lib/error-text'
import type { ApiErrorItem } from '@/lib/api-client'

/**
 * Errors from the API that concern no single field: code, message, and a plain explanation.
 * Code 0 marks a message of the dashboard itself (or an unreachable server, whose message already
 * says so): it gets no code and no explanation, so a local "choose a file first" never reads as a
 * network failure.
 */
export function FormErrorSummary({ errors, title = 'The change was not saved' }: { errors: ApiErrorItem[]; title?: string }) {
  if (!errors.length) return null
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/50">
      <p className="font-semibold text-red-900 dark:text-red-100">{title}</p>
      <ul className="mt-1.5 space-y-1">
        {errors.map((e, i) => {
          const plain = e.code > 0 ? explainCode(e.code) : undefined
          return (
            <li key={i} className="text-zinc-800 dark:text-zinc-200">
              {e.code > 0 && <span className="mr-1.5 font-mono text-xs text-red-800 dark:text-red-300">Error {e.code}</span>}
              <span className="break-words">{e.message}</span>
              {plain && <span className="block text-zinc-600 dark:text-zinc-400">{plain}</span>}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
