// Apart from ./density (which re-exports it): the top bar's switch, in the shell every page loads
// first, needs only this; the help folding below loads with the pages that use it.

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
