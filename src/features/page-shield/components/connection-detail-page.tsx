import { getRouteApi } from '@tanstack/react-router'
import { Card, PageHeader } from '@/components/ui/page-header'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { TruncatedText } from '@/components/ui/truncated-text'
import { useConnection } from '../api/resources'
import { BackLink, detectedFacts, Facts, PageUrlList } from './facts'
import { ConnectionReviewPanel } from './review-panel'
import { ReportedMarker, StatusBadge } from './markers'

const route = getRouteApi('/zones/$zoneId/page-shield/connections/$connectionId')

/** One detected connection: every field and the pages it was made from. */
export function ConnectionDetailPage() {
  const { zoneId, connectionId } = route.useParams()
  const q = useConnection(zoneId, connectionId)
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <ErrorView error={q.error} onRetry={() => void q.refetch()} title="This connection could not be loaded" />
  const c = q.data
  return (
    <>
      <PageHeader
        eyebrow={
          <BackLink to="/zones/$zoneId/page-shield/connections" zoneId={zoneId}>
            Connections
          </BackLink>
        }
        title="Connection details"
        description={<TruncatedText value={c.url} max={120} mono />}
        actions={
          <div className="flex flex-wrap gap-2">
            <ReportedMarker item={c} />
            <StatusBadge status={c.status} />
          </div>
        }
      />
      <div className="grid gap-5 xl:grid-cols-2">
        <Card title="Review" description="Your team's verdict on this connection, kept by this dashboard.">
          <ConnectionReviewPanel zoneId={zoneId} connection={c} />
        </Card>
        <Card title="All fields">
          <Facts
            items={detectedFacts(c, {
              urlLabel: 'URL',
              help: { url: 'Only the host is recorded unless "use connection URL path" is on in the settings.' },
            })}
          />
        </Card>
        <Card title="Pages it was made from" description="Page addresses reported by visitors' browsers (shown as text).">
          <PageUrlList urls={c.page_urls} />
        </Card>
      </div>
    </>
  )
}
