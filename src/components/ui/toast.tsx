import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { canOpenUndo, takeRecentUndoable } from '@/lib/audit-events'
import { errorLine } from '@/lib/error-line'
import type { ToastData, ToastTone } from './toast-card'

type Tone = ToastTone
type Toast = ToastData

// A toast's card (its styles, Undo and Dismiss) loads once the provider is mounted, not with the shell
// every page loads first; the live region is there from the start, so a toast is still announced.
const loadCard = () => import('./toast-card')
const ToastCard = lazy(() => loadCard().then((m) => ({ default: m.ToastCard })))

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

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(1)
  useEffect(() => void loadCard().catch(() => undefined), [])
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
      <div
        aria-live="polite"
        role="region"
        aria-label="Notifications"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100%-2rem))] flex-col gap-2"
      >
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastCard key={t.id} toast={t} dismiss={dismiss} />
          ))}
        </Suspense>
      </div>
    </ToastContext.Provider>
  )
}
