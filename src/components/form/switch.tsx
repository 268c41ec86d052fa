import { cn } from '@/lib/format'

/** A visual on/off switch (role="switch"), for booleans. Space or Enter toggles it. */
export function Switch({ checked, onChange, disabled, id, label, ...aria }: { checked: boolean; onChange: (v: boolean) => void; disabled?: boolean; id?: string; label?: string; 'aria-describedby'?: string }) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      {...aria}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-blue-600' : 'bg-zinc-300 dark:bg-zinc-600',
      )}
    >
      <span className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')} />
    </button>
  )
}
