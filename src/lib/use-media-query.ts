import { useCallback, useSyncExternalStore } from 'react'

/** Tailwind's `md` breakpoint (48rem): below it, lists show their rows as cards and the top bar keeps one sticky row. */
export const WIDE_LAYOUT_QUERY = '(min-width: 48rem)'

/**
 * Whether a CSS media query matches, following changes (window resized, phone turned). Read
 * synchronously on the first render, so a phone never paints the wide layout first. Without
 * `matchMedia` (tests without a browser) it reads as `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {}
      const mq = matchMedia(query)
      mq.addEventListener('change', onChange)
      return () => mq.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => (typeof matchMedia === 'function' ? matchMedia(query).matches : fallback),
    () => fallback,
  )
}

/** True from the `md` width up (the table layouts); false on phones. */
export const useWideLayout = () => useMediaQuery(WIDE_LAYOUT_QUERY)
