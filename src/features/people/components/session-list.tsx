import type { SessionView } from '@/shared/schemas/people'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/lib/format'

/** Sessions as a list: where from, which browser, when last used, and (optionally) an End button. */
export function SessionList({
  sessions,
  onEnd,
  pending,
}: {
  sessions: SessionView[]
  onEnd?: (s: SessionView) => void
  pending?: boolean
}) {
  if (!sessions.length) return <p className="text-sm text-zinc-700 dark:text-zinc-300">No active sessions.</p>
  return (
    <ul aria-label="Sessions" className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {sessions.map((s) => (
        <li key={s.handle} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <div>
            <p className="font-medium">
              {s.address} {s.current && <span className="ml-1 text-emerald-700 dark:text-emerald-300">(this browser)</span>}
            </p>
            <p className="text-zinc-600 dark:text-zinc-400">
              {s.user_agent || 'Unknown browser'} · signed in {formatDateTime(s.created_at)} · last used{' '}
              {formatDateTime(s.last_seen_at)}
            </p>
          </div>
          {onEnd && !s.current && (
            <Button size="sm" variant="secondary" onClick={() => onEnd(s)} disabled={pending}>
              End session
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}
