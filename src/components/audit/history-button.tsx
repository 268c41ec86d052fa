import { useState } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { LazyHistoryDialog, type HistoryTarget } from './lazy-history-dialog'

/** A "History" button that opens the object's audit history (with diffs and Undo). */
export function HistoryButton({ target, size = 'sm', variant = 'ghost' }: { target: HistoryTarget } & Pick<ButtonProps, 'size' | 'variant'>) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size={size} variant={variant} aria-label={`History of ${target.label}`} onClick={() => setOpen(true)}>
        History
      </Button>
      <LazyHistoryDialog target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  )
}
