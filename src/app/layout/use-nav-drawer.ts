import { useCallback, useEffect, useRef, useState } from 'react'

/** Tailwind `lg` (64rem): from this width the navigation is a fixed side column and the drawer is not used. */
const WIDE = '(min-width: 64rem)'

/**
 * The navigation drawer of narrow windows. While open: focus moves to the first navigation link,
 * Escape or a press outside the panel closes it, the page behind is not scrollable; on close, focus
 * returns to the Menu button. Widening the window past `lg` closes it (the side column takes over).
 */
export function useNavDrawer() {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  const wasOpen = useRef(false)
  const close = useCallback(() => setOpen(false), [])
  const toggle = useCallback(() => setOpen((o) => !o), [])

  useEffect(() => {
    if (!open) {
      // Runs after the commit that removed `inert` from the top bar, so the button can take focus.
      if (wasOpen.current) buttonRef.current?.focus()
      wasOpen.current = false
      return
    }
    wasOpen.current = true
    panelRef.current?.querySelector<HTMLElement>('nav a[href]')?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      e.preventDefault()
      setOpen(false)
    }
    // On click (not pointerdown): the focus change of the press is over, so focus can go back to the button.
    // The click that opened the drawer is still bubbling up to the document: that one is not "outside".
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    const wide = typeof matchMedia === 'function' ? matchMedia(WIDE) : undefined
    const onWide = () => {
      if (wide?.matches) setOpen(false)
    }
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    wide?.addEventListener('change', onWide)
    return () => {
      document.body.style.overflow = overflow
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
      wide?.removeEventListener('change', onWide)
    }
  }, [open])

  return { open, toggle, close, buttonRef, panelRef }
}
