import { useId, type ReactNode } from 'react'
import { cn } from '@/lib/format'

/**
 * A hint shown on hover and keyboard focus. The trigger must be focusable (a button or link);
 * the hint text is linked with aria-describedby so screen readers read it too.
 */
export function Tooltip({ content, children, className }: { content: ReactNode; children: (describedBy: string) => ReactNode; className?: string }) {
  const id = useId()
  return (
    <span className={cn('group/tt relative inline-flex', className)}>
      {children(id)}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-40 mb-2 w-max max-w-xs -translate-x-1/2 rounded-md bg-zinc-900 px-2.5 py-1.5 text-xs text-white opacity-0 shadow-lg transition-opacity group-focus-within/tt:visible group-focus-within/tt:opacity-100 group-hover/tt:visible group-hover/tt:opacity-100 dark:bg-zinc-100 dark:text-zinc-900"
      >
        {content}
      </span>
    </span>
  )
}

/** A small "?" button that explains a term in plain words. */
export function InfoTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip content={children}>
      {(id) => (
        <button
          type="button"
          aria-label={`About ${label}`}
          aria-describedby={id}
          className="inline-flex size-4 items-center justify-center rounded-full border border-zinc-400 text-[10px] font-bold text-zinc-600 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-500 dark:text-zinc-300"
        >
          ?
        </button>
      )}
    </Tooltip>
  )
}
