import { getRouteApi } from '@tanstack/react-router'
import { Card, PageHeader } from '@/components/ui/page-header'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatDateTime } from '@/lib/format'
import { useCookie } from '../api/resources'
import { cookieConcerns, cookieTypeText, expiryText, httpOnlyText, sameSiteText, secureText } from '../lib/cookie-text'
import { CookieFlags } from './cookie-flags'
import { BackLink, Facts, PageUrlList } from './facts'

const route = getRouteApi('/zones/$zoneId/page-shield/cookies/$cookieId')

/** One cookie: its attributes spelled out, what deserves a second look, and the pages that set it. */
export function CookieDetailPage() {
  const { zoneId, cookieId } = route.useParams()
  const q = useCookie(zoneId, cookieId)
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <ErrorView error={q.error} onRetry={() => void q.refetch()} title="This cookie could not be loaded" />
  const c = q.data
  const concerns = cookieConcerns(c)
  return (
    <>
      <PageHeader
        eyebrow={
          <BackLink to="/zones/$zoneId/page-shield/cookies" zoneId={zoneId}>
            Cookies
          </BackLink>
        }
        title={<TruncatedText value={c.name} max={60} mono />}
        description={`Cookie set on ${c.host}.`}
        actions={<CookieFlags cookie={c} />}
      />
      {concerns.length > 0 && (
        <div
          role="note"
          className="mb-5 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <p className="font-semibold">Worth a second look</p>
          <ul className="mt-1 list-disc pl-5">
            {concerns.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-5 xl:grid-cols-2">
        <Card title="Attributes">
          <Facts
            items={[
              {
                label: 'Expiry',
                value: expiryText(c),
                help: c.expires_attribute ? `Expires attribute: ${formatDateTime(c.expires_attribute)}` : undefined,
              },
              { label: 'Secure', value: c.secure_attribute ? 'Yes' : 'No', help: secureText(c.secure_attribute) },
              { label: 'HttpOnly', value: c.http_only_attribute ? 'Yes' : 'No', help: httpOnlyText(c.http_only_attribute) },
              { label: 'SameSite', value: c.same_site_attribute ?? 'Not set', help: sameSiteText(c.same_site_attribute) },
              {
                label: 'Domain',
                value: c.domain_attribute ? (
                  <span className="font-mono break-all">{c.domain_attribute}</span>
                ) : (
                  'Not set (this host only)'
                ),
                help: 'Which hosts the browser sends it to; a leading dot includes every subdomain.',
              },
              {
                label: 'Path',
                value: c.path_attribute ? <span className="font-mono break-all">{c.path_attribute}</span> : 'Not set',
                help: 'Sent only for pages under this path.',
              },
              { label: 'Max-Age', value: c.max_age_attribute ?? 'Not set' },
              { label: 'Type', value: c.type === 'first_party' ? 'First party' : 'Unknown', help: cookieTypeText(c.type) },
            ]}
          />
        </Card>
        <Card title="Where and when">
          <Facts
            items={[
              { label: 'Host', value: <span className="break-all">{c.host}</span> },
              {
                label: 'First seen on page',
                value: c.first_page_url ? <TruncatedText value={c.first_page_url} max={80} mono /> : '—',
              },
              { label: 'First seen', value: formatDateTime(c.first_seen_at) },
              { label: 'Last seen', value: formatDateTime(c.last_seen_at) },
              { label: 'Pages', value: <PageUrlList urls={c.page_urls} /> },
              { label: 'Identifier', value: <span className="font-mono text-xs">{c.id}</span> },
            ]}
          />
        </Card>
      </div>
    </>
  )
}
