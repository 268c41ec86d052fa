import { useState } from 'react'
import { cn } from '@/lib/format'

/**
 * Long untrusted text (URLs, hostnames, record content) shortened to `max` characters; the full
 * value is in the tooltip and one click (or Enter) away. Always rendered as text.
 * Prose wraps between words (a table column stays as wide as its longest word); `mono` values
 * such as URLs and expressions may break anywhere, since they are often one long word.
 */
export function TruncatedText({ value, max = 60, className, mono }: { value: string; max?: number; className?: string; mono?: boolean }) {
  const [open, setOpen] = useState(false)
  const long = value.length > max
  const shown = !long || open ? value : value.slice(0, Math.max(1, max - 1)) + '…'
  return (
    <span className={cn(mono ? 'font-mono text-[0.8125rem] wrap-anywhere' : 'break-words', className)} title={long ? value : undefined}>
      {shown}
      {long && (
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="ml-1 rounded px-1 text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
        >
          {open ? 'Show less' : 'Show all'}
          <span className="sr-only"> ({value.length} characters)</span>
        </button>
      )}
    </span>
  )
}
