import { useEffect, useState } from 'react'
import { applyDensity, readDensity } from '@/lib/density-choice'
import { cn } from '@/lib/class-names'

/** "Compact": shorter table rows and long help folded to its first sentence. Remembered in this browser. */
export function DensitySwitch() {
  const [compact, setCompact] = useState(() => readDensity() === 'compact')
  useEffect(() => applyDensity(compact ? 'compact' : 'comfortable'), [compact])
  return (
    <button
      type="button"
      aria-pressed={compact}
      title="Compact: shorter rows and shorter help texts"
      onClick={() => setCompact((c) => !c)}
      className={cn(
        'h-8 rounded-md border border-zinc-300 px-2 text-xs font-medium focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600',
        compact ? 'bg-zinc-200 text-zinc-950 dark:bg-zinc-600 dark:text-white' : 'bg-white text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200',
      )}
    >
      Compact
    </button>
  )
}
