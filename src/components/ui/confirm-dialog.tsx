import type { ReactNode } from 'react'
import { Button } from './button'
import { Dialog } from './dialog'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  /** What will happen, in plain words, naming the thing affected ("The A record www.example.com will be deleted."). */
  consequence: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  /** Red confirm button for destructive actions (default true). */
  destructive?: boolean
  /** True while the action runs: the confirm button spins and the dialog cannot be dismissed. */
  pending?: boolean
  children?: ReactNode
}

/** Asks before doing something that cannot be undone. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({ open, title, consequence, confirmLabel, onConfirm, onCancel, destructive = true, pending, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={consequence}
      size="sm"
      dismissible={!pending}
      footer={
        <>
          <Button onClick={onCancel} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} pending={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  )
}
