import { getRouteApi, Link } from '@tanstack/react-router'
import { Card, PageHeader } from '@/components/ui/page-header'
import { ErrorView } from '@/components/ui/error-view'
import { SafeLink } from '@/components/ui/safe-link'
import { LoadingBlock } from '@/components/ui/spinner'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatDateTime } from '@/lib/format'
import { useConnection } from '../api/resources'
import { Facts, PageUrlList, yesNo } from './facts'
import { ReportedMarker, StatusBadge } from './markers'

const route = getRouteApi('/zones/$zoneId/page-shield/connections/$connectionId')

/** One detected connection: every field and the pages it was made from. */
export function ConnectionDetailPage() {
  const { zoneId, connectionId } = route.useParams()
  const q = useConnection(zoneId, connectionId)
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <ErrorView error={q.error} onRetry={() => void q.refetch()} title="This connection could not be loaded" />
  const c = q.data
  const cats = (items: string[] | undefined) => (items?.length ? items.join(', ') : 'None')
  return (
    <>
      <PageHeader
        eyebrow={
          <Link
            to="/zones/$zoneId/page-shield/connections"
            params={{ zoneId }}
            className="text-blue-700 hover:underline dark:text-blue-300"
          >
            ← Connections
          </Link>
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
        <Card title="All fields">
          <Facts
            items={[
              {
                label: 'URL',
                value: (
                  <SafeLink href={c.url}>
                    <TruncatedText value={c.url} max={100} mono />
                  </SafeLink>
                ),
                help: 'Only the host is recorded unless "use connection URL path" is on in the settings.',
              },
              { label: 'Host', value: <span className="break-all">{c.host}</span> },
              { label: 'Status', value: c.status ?? '—' },
              {
                label: 'First seen on page',
                value: c.first_page_url ? <TruncatedText value={c.first_page_url} max={100} mono /> : '—',
              },
              { label: 'Added', value: formatDateTime(c.added_at) },
              { label: 'First seen', value: formatDateTime(c.first_seen_at) },
              { label: 'Last seen', value: formatDateTime(c.last_seen_at) },
              { label: 'URL reported malicious', value: yesNo(c.url_reported_malicious) },
              { label: 'URL threat categories', value: cats(c.malicious_url_categories) },
              { label: 'Domain reported malicious', value: yesNo(c.domain_reported_malicious) },
              { label: 'Domain threat categories', value: cats(c.malicious_domain_categories) },
              { label: 'Under /cdn-cgi/', value: yesNo(c.url_contains_cdn_cgi_path) },
              { label: 'Identifier', value: <span className="font-mono text-xs">{c.id}</span> },
            ]}
          />
        </Card>
        <Card title="Pages it was made from" description="Page addresses reported by visitors' browsers (shown as text).">
          <PageUrlList urls={c.page_urls} />
        </Card>
      </div>
    </>
  )
}
