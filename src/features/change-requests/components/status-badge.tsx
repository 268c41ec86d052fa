import { Badge, type BadgeTone } from '@/components/ui/badge'
import { STATUS_WORDS, type ChangeRequestStatus } from '@/shared/change-request-status'

const TONE: Record<ChangeRequestStatus, BadgeTone> = {
  pending: 'info',
  applying: 'info',
  applied: 'success',
  failed: 'danger',
  partly_applied: 'warning',
  rejected: 'danger',
  stale: 'warning',
  undone: 'neutral',
  undoing: 'info',
  interrupted: 'warning',
  withdrawn: 'neutral',
}

export function StatusBadge({ status }: { status: ChangeRequestStatus }) {
  return <Badge tone={TONE[status]}>{STATUS_WORDS[status]}</Badge>
}
