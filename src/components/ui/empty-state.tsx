import type { ReactNode } from 'react'

/** What to show when a list has nothing in it: what this means, and what to do next. */
export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-14 text-center">
      <svg className="size-10 text-zinc-400 dark:text-zinc-500" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <rect x="3.5" y="5" width="17" height="14" rx="2" stroke="currentColor" strokeWidth="1.5" />
        <path d="M3.5 9.5h17M8 14h8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <p className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
      {description && <div className="max-w-md text-sm text-zinc-600 dark:text-zinc-300">{description}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}
