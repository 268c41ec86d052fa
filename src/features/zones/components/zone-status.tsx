import { Badge, type BadgeTone } from '@/components/ui/badge'

const STATUS: Record<string, { label: string; tone: BadgeTone; explain: string }> = {
  active: { label: 'Active', tone: 'success', explain: 'The service answers DNS for this zone and its traffic goes through it.' },
  pending: {
    label: 'Pending',
    tone: 'warning',
    explain: 'Waiting for the name servers to be changed at the registrar. Until then, nothing configured here takes effect.',
  },
  initializing: { label: 'Initializing', tone: 'info', explain: 'The zone was just added and is being set up. This takes a few minutes.' },
  moved: {
    label: 'Moved',
    tone: 'neutral',
    explain: 'The name servers were changed away from the service, so this zone no longer takes effect. It is deleted after a few days unless moved back.',
  },
}

/** A zone's status in one plain sentence. */
export function zoneStatusText(status: string): string {
  return STATUS[status]?.explain ?? `The API reports the status “${status}”.`
}

export function ZoneStatusBadge({ status }: { status: string }) {
  const s = STATUS[status]
  return (
    <Badge tone={s?.tone ?? 'neutral'} title={zoneStatusText(status)}>
      {s?.label ?? status}
    </Badge>
  )
}
