import type { ReactNode } from 'react'
import { CUSTOM_FIELD_DATA_LIMIT_BYTES, MAX_CUSTOM_FIELDS } from '@/shared/log-fields/limits'
import { cn } from '@/lib/format'
import type { FieldLists } from '../lib/custom-field-lists'

/** Headers that often carry long values: with them the 8 KB of custom-field data fills quickly. */
export const LONG_HEADERS = ['cookie', 'set-cookie', 'user-agent', 'referer', 'authorization', 'content-security-policy', 'x-forwarded-for', 'sec-ch-ua']
/** Headers that often appear several times in one request or response: only the first is logged. */
export const REPEATED_HEADERS = ['set-cookie', 'link', 'vary', 'via', 'warning', 'www-authenticate', 'cache-control', 'x-forwarded-for', 'accept-encoding']

export const kb = CUSTOM_FIELD_DATA_LIMIT_BYTES / 1024

/** The long headers among the lists ("8 KB" matters for them). */
export const longOnes = (lists: FieldLists) => [...lists.request_fields, ...lists.response_fields].filter((n) => LONG_HEADERS.includes(n))

/** Headers in a list that may repeat. */
export const repeatedOnes = (names: string[]) => names.filter((n) => REPEATED_HEADERS.includes(n))

/** The 40-field budget as a meter, with the 8 KB limit beside it. */
export function BudgetMeter({ used, lists }: { used: number; lists: FieldLists }) {
  const left = MAX_CUSTOM_FIELDS - used
  const long = longOnes(lists)
  return (
    <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor="custom-field-budget" className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Custom fields used
        </label>
        <span className={cn('text-sm tabular-nums', left <= 0 ? 'font-semibold text-red-700 dark:text-red-300' : 'text-zinc-700 dark:text-zinc-300')}>
          {used} of {MAX_CUSTOM_FIELDS} · {left > 0 ? `${left} left` : 'none left'}
        </span>
      </div>
      <meter id="custom-field-budget" className="mt-2 h-2 w-full" min={0} max={MAX_CUSTOM_FIELDS} low={30} high={38} optimum={0} value={used}>
        {used} of {MAX_CUSTOM_FIELDS}
      </meter>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        A zone can log at most {MAX_CUSTOM_FIELDS} custom fields in total, request headers, response headers and cookies together. All custom-field data of one
        request shares {kb} KB; anything beyond is cut off in the log.
      </p>
      {long.length > 0 && (
        <Note>
          {long.join(', ')} can be long: together with the other fields they may pass {kb} KB, and the rest of the data is then truncated.
        </Note>
      )}
    </div>
  )
}

export function Note({ children }: { children: ReactNode }) {
  return <p className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200">{children}</p>
}
