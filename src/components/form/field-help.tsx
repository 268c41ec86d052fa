import { useEffect, useState, type ReactNode } from 'react'
import { helpSeen, isCompact, markHelpSeen } from '@/lib/density'

const LONG = 140

/**
 * Help under a field. A long text is shown whole the first time, then (and always in compact
 * density) folded to its first sentence with "More" to unfold it.
 */
export function FieldHelp({ id, children, extra }: { id: string; children: ReactNode; extra?: ReactNode }) {
  const text = typeof children === 'string' ? children : undefined
  const long = text !== undefined && text.length > LONG
  const [folded, setFolded] = useState(() => long && (isCompact() || helpSeen(text)))
  useEffect(() => {
    if (long) markHelpSeen(text)
  }, [long, text])
  const first = long ? (/^.+?[.:](\s|$)/.exec(text)?.[0].trim() ?? text.slice(0, LONG)) : undefined
  return (
    <div id={id} className="text-sm text-zinc-600 dark:text-zinc-400">
      {long && folded ? first : children}
      {/* Only while folded: unfolded help adds no extra stop between fields for keyboard users. */}
      {long && folded && first !== text && (
        <button
          type="button"
          aria-expanded={false}
          onClick={() => setFolded(false)}
          className="ml-1 font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300"
        >
          More
        </button>
      )}
      {extra}
    </div>
  )
}
