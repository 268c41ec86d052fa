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
