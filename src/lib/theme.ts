export type ThemeChoice = 'system' | 'light' | 'dark'
export type Theme = 'light' | 'dark'

export const THEME_STORAGE_KEY = 'zonekeeper-theme'
/** The same choice as a cookie: the server's own pages (sign-in, second factor, password) run no script, so they read it there. */
export const THEME_COOKIE = 'zonekeeper-theme'
const YEAR_SECONDS = 365 * 24 * 3600

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** The theme to show for a choice: "system" follows the operating system's setting. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  return choice === 'system' ? (systemPrefersDark ? 'dark' : 'light') : choice
}

export function readThemeChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return 'system'
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}

/** Sets the `dark` class and color-scheme on <html>; stores the choice (or forgets it for "system"). */
export function applyTheme(choice: ThemeChoice, persist = true): Theme {
  const theme = resolveTheme(choice, systemPrefersDark())
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
  if (persist) {
    try {
      if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
      else localStorage.setItem(THEME_STORAGE_KEY, choice)
    } catch {
      // Storage may be disabled (private mode); the theme still applies for this visit.
    }
  }
  // Kept in step on every start too, so a choice made before the cookie existed reaches the server's pages.
  document.cookie = choice === 'system' ? `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` : `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`
  return theme
}
