import { openUndo } from '@/lib/audit-events'
import { cn } from '@/lib/format'

export type ToastTone = 'success' | 'error' | 'info'
export interface ToastData {
  id: number
  tone: ToastTone
  title: string
  detail?: string
  /** The audit entry of the write this toast reports: offers "Undo". */
  undo?: number
}

const styles: Record<ToastTone, string> = {
  success: 'border-emerald-300 dark:border-emerald-800',
  error: 'border-red-300 dark:border-red-800',
  info: 'border-zinc-300 dark:border-zinc-600',
}
const dots: Record<ToastTone, string> = { success: 'bg-emerald-500', error: 'bg-red-500', info: 'bg-blue-500' }

/** One toast (./toast.tsx loads this after the first page, out of the shell). */
export function ToastCard({ toast: t, dismiss }: { toast: ToastData; dismiss: (id: number) => void }) {
  return (
    <div
      role={t.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-lg border bg-white p-3 shadow-lg dark:bg-zinc-900',
        styles[t.tone],
      )}
    >
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', dots[t.tone])} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-50">{t.title}</p>
        {t.detail && <p className="mt-0.5 text-sm break-words text-zinc-600 dark:text-zinc-300">{t.detail}</p>}
      </div>
      {t.undo !== undefined && (
        <button
          type="button"
          onClick={() => {
            dismiss(t.id)
            openUndo(t.undo!)
          }}
          className="rounded px-2 py-0.5 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
        >
          Undo
        </button>
      )}
      <button
        type="button"
        onClick={() => dismiss(t.id)}
        aria-label="Dismiss notification"
        className="rounded p-0.5 text-zinc-500 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-zinc-100"
      >
        <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}
