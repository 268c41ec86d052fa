import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { cn } from '@/lib/format'

export interface DialogProps {
  open: boolean
  /** Called on Escape, on the close button, and on a click on the backdrop (unless `dismissible` is false). */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Buttons row at the bottom. */
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'xl'
  /** False while work runs that must not be interrupted by Escape or a backdrop click. */
  dismissible?: boolean
  /** Something typed would be lost: Escape, the close button and a backdrop click ask first. */
  confirmDiscard?: boolean
  /**
   * Names the scrolling body and makes it a focusable region, for a body that may hold nothing
   * focusable (a read-only list): a keyboard user can then reach it and scroll it. Leave it out for
   * forms, whose fields already take focus (one more tab stop would only be in the way).
   */
  bodyLabel?: string
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' }

/**
 * A modal dialog on the native <dialog> element: focus moves inside and stays there, the page
 * behind is inert, Escape closes it, and focus returns to what opened it. Put `data-autofocus` on the
 * control that should have focus first (default: the first focusable one).
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', dismissible = true, confirmDiscard = false, bodyLabel }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descId = useId()
  const [asking, setAsking] = useState(false)
  const keepRef = useRef<HTMLButtonElement>(null)
  // Where focus was when the discard prompt opened: "Keep editing" (or Escape) puts it back there.
  const resumeRef = useRef<HTMLElement | null>(null)
  const openRef = useRef(open)
  useEffect(() => {
    if (asking) keepRef.current?.focus()
  }, [asking])
  /** Back to the form from the discard prompt, with focus where the person was (never the page body). */
  const keepEditing = () => {
    setAsking(false)
    const el = ref.current
    const back = resumeRef.current
    resumeRef.current = null
    window.setTimeout(() => {
      if (!el?.open) return
      if (back?.isConnected && el.contains(back)) back.focus()
      else el.querySelector<HTMLElement>('[data-autofocus], input, select, textarea, button')?.focus()
    }, 0)
  }
  /** Escape, the close button, the backdrop: close, or ask first when something typed would be lost. */
  const dismiss = () => {
    if (!dismissible) return
    if (asking) keepEditing()
    else if (confirmDiscard) {
      const active = document.activeElement
      resumeRef.current = active instanceof HTMLElement && ref.current?.contains(active) ? active : null
      setAsking(true)
    } else onClose()
  }
  const dismissRef = useRef(dismiss)
  useLayoutEffect(() => {
    openRef.current = open
    dismissRef.current = dismiss
  })
  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (open && !el.open) {
      const previous = document.activeElement as HTMLElement | null
      el.showModal()
      // Native dialogs focus their first focusable element; `data-autofocus` picks a better one (e.g. Cancel).
      el.querySelector<HTMLElement>('[data-autofocus]')?.focus()
      // The browser may close a modal dialog itself (Chromium lets only one cancel in a row be refused
      // without a click between): the dialog must not stay "open" in React while closed on screen, or
      // its opener would do nothing until a reload. Reopen it and ask (or let it close) as Escape would.
      const closedByBrowser = () => {
        if (!openRef.current || el.open) return
        if (!el.isConnected) return
        el.showModal()
        dismissRef.current()
      }
      el.addEventListener('close', closedByBrowser)
      return () => {
        el.removeEventListener('close', closedByBrowser)
        if (el.open) el.close()
        previous?.focus?.()
      }
    }
    if (!open && el.open) el.close()
  }, [open])

  if (!open) return null
  return (
    // A click on the backdrop lands on the <dialog> itself; keyboard users close it with Escape (the cancel event).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      // Escape is handled here rather than through the cancel event, which the browser stops letting
      // us refuse after one press: a second or third Escape must still mean "keep editing", not "close".
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return
        e.preventDefault()
        e.stopPropagation()
        dismiss()
      }}
      onCancel={(e) => {
        e.preventDefault()
        dismiss()
      }}
      onClick={(e) => {
        if (e.target === ref.current) dismiss()
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
        widths[size],
      )}
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-5 py-4 dark:border-zinc-700">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <div id={descId} className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
                {description}
              </div>
            )}
          </div>
          {dismissible && (
            <button
              type="button"
              onClick={dismiss}
              aria-label="Close"
              className="-mr-1 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <svg className="size-5" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
        {asking && (
          <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-amber-300 bg-amber-50 px-5 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
            <span className="font-medium">Close and lose what you typed?</span>
            <button
              ref={keepRef}
              type="button"
              onClick={keepEditing}
              className="rounded-md border border-zinc-300 bg-white px-3 py-1.5 font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
            >
              Keep editing
            </button>
            <button
              type="button"
              onClick={() => {
                setAsking(false)
                onClose()
              }}
              className="rounded-md bg-red-600 px-3 py-1.5 font-medium text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              Discard and close
            </button>
          </div>
        )}
        {children &&
          (bodyLabel ? (
            <div
              role="region"
              aria-label={bodyLabel}
              // A scrolling region must take focus to be scrolled by keyboard when nothing inside it does.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              className="overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
            >
              {children}
            </div>
          ) : (
            <div className="overflow-y-auto px-5 py-4">{children}</div>
          ))}
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-200 px-5 py-3 dark:border-zinc-700">{footer}</div>}
      </div>
    </dialog>
  )
}
