import type { ReactNode } from 'react'
import { recallListView } from '../lib/last-view'
import { Link } from '@tanstack/react-router'
import { SafeLink } from '@/components/ui/safe-link'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatDateTime } from '@/lib/format'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'

export interface Fact {
  label: string
  value: ReactNode
  /** One sentence under the value. */
  help?: string
}

/** A definition list of the fields of one item. */
export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {items.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{f.label}</dt>
          <dd className="min-w-0 text-sm text-zinc-900 dark:text-zinc-100">
            {f.value}
            {f.help && <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{f.help}</p>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export const yesNo = (v: boolean | undefined | null) => (v === undefined || v === null ? '—' : v ? 'Yes' : 'No')

const categories = (items: string[] | undefined) => (items?.length ? items.join(', ') : 'None')

/**
 * "Reported malicious" beside its threat categories. The API sends the flag and the categories as
 * separate fields and they can disagree (no flag, yet categories such as Malware): a bare "No"
 * beside "Malware" reads as a contradiction, so such a "No" says what it means and names them.
 */
export const reportedMalicious = (flag: boolean | undefined | null, cats: string[] | undefined) =>
  flag !== true && cats?.length ? `Not flagged malicious by the feed, though it lists threat categories: ${cats.join(', ')}` : yesNo(flag)

/** What a detected script and a detected connection both have. */
type Detected = Omit<PageShieldConnection, 'page_urls'>

/**
 * Every field scripts and connections share, in the order their detail pages list them: where and
 * when it was seen, then `extra` (the script's code fields), then what threat feeds say.
 */
export function detectedFacts(
  item: Detected,
  o: {
    urlLabel: string
    help: { url: string; status?: string; urlReported?: string; domainReported?: string; cdnCgi?: string }
    extra?: Fact[]
  },
): Fact[] {
  return [
    {
      label: o.urlLabel,
      value: (
        <SafeLink href={item.url}>
          <TruncatedText value={item.url} max={100} mono />
        </SafeLink>
      ),
      help: o.help.url,
    },
    { label: 'Host', value: <span className="break-all">{item.host}</span> },
    { label: 'Status', value: item.status ?? '—', help: o.help.status },
    {
      label: 'First seen on page',
      value: item.first_page_url ? <TruncatedText value={item.first_page_url} max={100} mono /> : '—',
    },
    { label: 'Added', value: formatDateTime(item.added_at) },
    { label: 'First seen', value: formatDateTime(item.first_seen_at) },
    { label: 'Last seen', value: formatDateTime(item.last_seen_at) },
    ...(o.extra ?? []),
    { label: 'URL reported malicious', value: reportedMalicious(item.url_reported_malicious, item.malicious_url_categories), help: o.help.urlReported },
    { label: 'URL threat categories', value: categories(item.malicious_url_categories) },
    { label: 'Domain reported malicious', value: reportedMalicious(item.domain_reported_malicious, item.malicious_domain_categories), help: o.help.domainReported },
    { label: 'Domain threat categories', value: categories(item.malicious_domain_categories) },
    { label: 'Under /cdn-cgi/', value: yesNo(item.url_contains_cdn_cgi_path), help: o.help.cdnCgi },
    { label: 'Identifier', value: <span className="font-mono text-xs">{item.id}</span> },
  ]
}

/** "← Scripts": back to the list above a detail page's title. */
export function BackLink({
  to,
  zoneId,
  children,
}: {
  to: '/zones/$zoneId/page-shield/scripts' | '/zones/$zoneId/page-shield/connections' | '/zones/$zoneId/page-shield/cookies'
  zoneId: string
  children: string
}) {
  // Back to the exact view the list was left in (filters, sort, page), in this tab.
  const list = to.slice(to.lastIndexOf('/') + 1) as 'scripts' | 'connections' | 'cookies'
  return (
    <Link
      to={to}
      params={{ zoneId }}
      search={recallListView(zoneId, list) ?? {}}
      className="text-blue-700 hover:underline dark:text-blue-300"
    >
      {`← ${children}`}
    </Link>
  )
}

/** Page URLs as the monitoring reported them: text only (they come from visitors' browsers). */
export function PageUrlList({ urls }: { urls: string[] | undefined }) {
  if (!urls?.length) return <span className="text-zinc-500">None reported</span>
  return (
    <ul className="space-y-1">
      {urls.map((u) => (
        <li key={u}>
          <TruncatedText value={u} max={90} mono />
        </li>
      ))}
    </ul>
  )
}
