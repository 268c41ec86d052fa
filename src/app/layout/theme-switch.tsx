import { useEffect, useState } from 'react'
import { applyTheme, readThemeChoice, type ThemeChoice } from '@/lib/theme'
import { cn } from '@/lib/class-names'

const choices: { value: ThemeChoice; label: string; icon: string }[] = [
  { value: 'light', label: 'Light', icon: 'M10 3v1.5M10 15.5V17M3 10h1.5M15.5 10H17M5 5l1 1M14 14l1 1M5 15l1-1M14 6l1-1M10 7a3 3 0 100 6 3 3 0 000-6z' },
  { value: 'dark', label: 'Dark', icon: 'M15.5 12.5A6.5 6.5 0 017.5 4.5a6.5 6.5 0 108 8z' },
  { value: 'system', label: 'System', icon: 'M3 4h14v9H3zM7 16h6M10 13v3' },
]

/** Light / Dark / System (follows the operating system). The choice is remembered in this browser. */
export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice)
  useEffect(() => {
    applyTheme(choice)
    if (choice !== 'system' || typeof matchMedia !== 'function') return
    const mq = matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => applyTheme('system', false)
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }, [choice])
  return (
    <div role="group" aria-label="Colour theme" className="flex rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-600 dark:bg-zinc-800">
      {choices.map((c) => (
        <button
          key={c.value}
          type="button"
          aria-pressed={choice === c.value}
          title={`${c.label} theme`}
          onClick={() => setChoice(c.value)}
          className={cn(
            'inline-flex size-7 items-center justify-center rounded focus-visible:outline-2 focus-visible:outline-blue-600',
            choice === c.value ? 'bg-zinc-200 text-zinc-950 dark:bg-zinc-600 dark:text-white' : 'text-zinc-600 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white',
          )}
        >
          <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
            <path d={c.icon} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">{c.label} theme</span>
        </button>
      ))}
    </div>
  )
}
