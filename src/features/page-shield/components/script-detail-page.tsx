import { getRouteApi } from '@tanstack/react-router'
import { Card, PageHeader } from '@/components/ui/page-header'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatDateTime } from '@/lib/format'
import { useScript } from '../api/resources'
import { BackLink, detectedFacts, Facts, PageUrlList } from './facts'
import { MaliciousMarker, ReportedMarker, StatusBadge } from './markers'
import { ReviewPanel } from './review-panel'
import { ScoreList, VersionTimeline } from './scores'

const route = getRouteApi('/zones/$zoneId/page-shield/scripts/$scriptId')

/** One detected script: every field, its pages, its versions as a timeline, and its review. */
export function ScriptDetailPage() {
  const { zoneId, scriptId } = route.useParams()
  const q = useScript(zoneId, scriptId)
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <ErrorView error={q.error} onRetry={() => void q.refetch()} title="This script could not be loaded" />
  const s = q.data
  return (
    <>
      <PageHeader
        eyebrow={
          <BackLink to="/zones/$zoneId/page-shield/scripts" zoneId={zoneId}>
            Scripts
          </BackLink>
        }
        title="Script details"
        description={<TruncatedText value={s.url} max={120} mono />}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <MaliciousMarker score={s.js_integrity_score} />
            <ReportedMarker item={s} />
            <StatusBadge status={s.status} />
          </div>
        }
      />
      <div className="grid gap-5 xl:grid-cols-2">
        <Card title="Review" description="Your team's verdict on this script, kept by this dashboard.">
          <ReviewPanel zoneId={zoneId} script={s} />
        </Card>
        <Card
          title="Scores now"
          description="From the latest analysed version of the code. Every score runs from 1 to 99; lower is worse."
        >
          <ScoreList scores={s} />
        </Card>
        <Card
          title="Versions"
          description="Each time the code changed it was analysed again. Read top to bottom to see how the scores moved."
        >
          <VersionTimeline versions={s.versions} />
        </Card>
        <Card title="Pages it was seen on" description="Page addresses reported by visitors' browsers (shown as text).">
          <PageUrlList urls={s.page_urls} />
        </Card>
        <Card title="All fields" className="xl:col-span-2">
          <Facts
            items={detectedFacts(s, {
              urlLabel: 'Script URL',
              help: {
                url: 'Opens in a new tab only if it is an http(s) address.',
                status: 'active: seen regularly; infrequent: fewer than 3 reports; inactive: not seen for 7 days.',
                urlReported: 'Whether threat-intelligence feeds list this exact URL.',
                domainReported: 'Whether threat-intelligence feeds list the host it comes from.',
                cdnCgi: 'Scripts the service itself adds under /cdn-cgi/ are hidden from lists by default.',
              },
              extra: [
                { label: 'Code last fetched', value: formatDateTime(s.fetched_at) },
                {
                  label: 'Code fingerprint (hash)',
                  value: s.hash ? <TruncatedText value={s.hash} max={24} mono /> : 'Not analysed yet',
                  help: 'SHA-256 of the code; it changes whenever the code changes.',
                },
              ],
            })}
          />
        </Card>
      </div>
    </>
  )
}
