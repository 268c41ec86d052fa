import { cn, formatDate } from '@/lib/format'
import { daysLeftText, daysUntil } from '../lib/expiry'
import { useNow } from '../lib/use-now'

/** "12 Mar 2026 · in 12 days", amber within 30 days, red once expired; "Not issued yet" without a date. */
export function ExpiryText({ iso, now }: { iso: string | undefined; now?: number }) {
  const mounted = useNow()
  if (!iso) return <span className="text-zinc-500 dark:text-zinc-400">Not issued yet</span>
  const days = daysUntil(iso, now ?? mounted)
  return (
    <span className="whitespace-nowrap">
      {formatDate(iso)}{' '}
      <span
        className={cn(
          'text-sm',
          days < 0 ? 'font-medium text-red-700 dark:text-red-300' : days <= 30 ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-zinc-600 dark:text-zinc-400',
        )}
      >
        · {daysLeftText(days)}
      </span>
    </span>
  )
}
