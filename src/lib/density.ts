/** Row and help density, remembered in this browser ("compact" tightens tables and folds long help). */
export type Density = 'comfortable' | 'compact'
const KEY = 'zonekeeper.density'

export function readDensity(): Density {
  try {
    return localStorage.getItem(KEY) === 'compact' ? 'compact' : 'comfortable'
  } catch {
    return 'comfortable'
  }
}

/** Sets `data-density` on <html> (the `compact:` variant in styles.css reads it) and remembers the choice. */
export function applyDensity(density: Density, remember = true): void {
  document.documentElement.dataset.density = density
  if (!remember) return
  try {
    localStorage.setItem(KEY, density)
  } catch {
    // private mode: the choice holds for this page only
  }
}

export const isCompact = () => typeof document !== 'undefined' && document.documentElement.dataset.density === 'compact'

const SEEN_KEY = 'zonekeeper.help-seen'

/** Long help texts already read once in this browser: they fold to their first sentence afterwards. */
export function helpSeen(key: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[]).includes(key)
  } catch {
    return false
  }
}

export function markHelpSeen(key: string): void {
  try {
    const seen = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[]
    if (!seen.includes(key)) localStorage.setItem(SEEN_KEY, JSON.stringify([...seen, key].slice(-300)))
  } catch {
    // storage unavailable: help simply stays unfolded
  }
}
