import { cn } from '@/lib/class-names'

/** A small rotating circle. `label` is read by screen readers ("" hides it when the parent says it). */
export function Spinner({ size = 'md', label = 'Loading…', className }: { size?: 'sm' | 'md' | 'lg'; label?: string; className?: string }) {
  const px = size === 'sm' ? 'size-3.5' : size === 'lg' ? 'size-8' : 'size-5'
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center gap-2', className)}>
      <svg className={cn(px, 'animate-spin text-current')} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label && <span className="sr-only">{label}</span>}
    </span>
  )
}

/** A centred spinner with visible text, for whole-page or whole-section loading. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-sm text-zinc-600 dark:text-zinc-300">
      <Spinner label="" />
      <span role="status">{label}</span>
    </div>
  )
}
