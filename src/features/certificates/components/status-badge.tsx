import { Badge } from '@/components/ui/badge'
import { statusText } from '../lib/status-text'

/** The status as a coloured badge; its plain-words meaning is the tooltip. */
export function StatusBadge({ status }: { status: string }) {
  const t = statusText(status)
  return (
    <Badge tone={t.tone} title={t.meaning}>
      {t.label}
    </Badge>
  )
}
