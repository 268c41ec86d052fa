import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { canOpenUndo, openUndo, takeRecentUndoable } from '@/lib/audit-events'
import { errorLine } from '@/lib/error-line'
import { cn } from '@/lib/format'

type Tone = 'success' | 'error' | 'info'
interface Toast {
  id: number
  tone: Tone
  title: string
  detail?: string
  /** The audit entry of the write this toast reports: offers "Undo". */
  undo?: number
}

export interface ToastApi {
  success: (title: string, detail?: string) => void
  info: (title: string, detail?: string) => void
  /** Shows the API's code and message for an error thrown by a query or mutation. */
  error: (title: string, errOrDetail?: unknown) => void
  dismiss: (id: number) => void
}

const ToastContext = createContext<ToastApi | null>(null)

/** Toasts for results of actions. `useToast()` anywhere below <ToastProvider>. */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext)
  if (!ctx) throw new Error('useToast() must be used inside <ToastProvider>.')
  return ctx
}

const styles: Record<Tone, string> = {
  success: 'border-emerald-300 dark:border-emerald-800',
  error: 'border-red-300 dark:border-red-800',
  info: 'border-zinc-300 dark:border-zinc-600',
}
const dots: Record<Tone, string> = { success: 'bg-emerald-500', error: 'bg-red-500', info: 'bg-blue-500' }

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), [])
  const push = useCallback(
    (tone: Tone, title: string, detail?: string) => {
      const id = next.current++
      // A success right after a write that can be undone offers Undo for 10 seconds.
      const undo = tone === 'success' && canOpenUndo() ? takeRecentUndoable() : undefined
      setToasts((t) => [...t.slice(-4), { id, tone, title, detail, undo }])
      window.setTimeout(() => dismiss(id), tone === 'error' || undo ? 10_000 : 5_000)
    },
    [dismiss],
  )
  const api = useMemo<ToastApi>(
    () => ({
      success: (title, detail) => push('success', title, detail),
      info: (title, detail) => push('info', title, detail),
      error: (title, err) => push('error', title, err === undefined ? undefined : typeof err === 'string' ? err : errorLine(err)),
      dismiss,
    }),
    [push, dismiss],
  )
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div aria-live="polite" role="region" aria-label="Notifications" className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.tone === 'error' ? 'alert' : 'status'}
            className={cn('pointer-events-auto flex items-start gap-3 rounded-lg border bg-white p-3 shadow-lg dark:bg-zinc-900', styles[t.tone])}
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
        ))}
      </div>
    </ToastContext.Provider>
  )
}
