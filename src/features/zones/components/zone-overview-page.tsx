import { getRouteApi } from '@tanstack/react-router'
import { AsOfNotice } from '@/components/ui/budget-wait'
import { ErrorView } from '@/components/ui/error-view'
import { PageHeader } from '@/components/ui/page-header'
import { ZoneApprovalCard } from '@/components/change-requests/zone-approval-card'
import { LoadingBlock } from '@/components/ui/spinner'
import { useZone } from '../api/get-zone'
import { ZoneAreaLinks } from './zone-area-links'
import { ZoneDetails } from './zone-details'
import { ZoneDnsCounts } from './zone-dns-counts'
import { ZoneStatusPanel } from './zone-status-panel'

const route = getRouteApi('/zones/$zoneId')

/** One zone at a glance: its status in plain words, its name servers and plan, its DNS records, and every area. */
export function ZoneOverviewPage() {
  const { zoneId } = route.useParams()
  const zone = useZone(zoneId)
  if (zone.isPending) return <LoadingBlock label="Loading zone…" />
  if (zone.isError) return <ErrorView error={zone.error} onRetry={() => void zone.refetch()} />
  const z = zone.data
  return (
    <>
      <PageHeader
        eyebrow="Zone"
        title={<span className="wrap-anywhere">{z.name}</span>}
        description="Everything about this domain: whether it is live, where its DNS is answered from, and where to change its settings."
      />
      {z.asOf !== undefined && (
        <AsOfNotice asOf={z.asOf}>
          This zone&apos;s status, name servers and plan are shown as they were then: the team&apos;s API budget is low, so they are read again when the
          budget allows.
        </AsOfNotice>
      )}
      {/* minmax(0, 1fr): a wide control (the approvers select) shrinks to the phone instead of widening the column. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-3">
        <div className="min-w-0 space-y-5 lg:col-span-2">
          <ZoneStatusPanel zone={z} />
          <ZoneDetails zone={z} />
        </div>
        <div className="min-w-0 space-y-5">
          <ZoneDnsCounts zoneId={z.id} />
          <ZoneApprovalCard zoneId={z.id} />
        </div>
      </div>
      <ZoneAreaLinks zoneId={z.id} />
    </>
  )
}
