import type { MouseEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import type { AttentionItem, AttentionSection } from '@/shared/schemas/attention'
import { useAttention } from '../api/attention'

/** What each section says when it found nothing (in what it covered). */
const NOTHING: Record<AttentionSection['key'], string> = {
  certificates: 'No certificate pack expires within 14 days or is failing.',
  scripts: 'No malicious script, and none changed since its review.',
  change_requests: 'No change request waits for you.',
  watch_alerts: 'No unread script watch alert.',
  log_jobs: 'No log job would drop custom fields.',
  pools: 'No pool carries the legacy notification e-mail.',
  credentials: 'No API credential is stored in the vault.',
  budget: 'The API rate budget is not running low.',
}

const count = (n: number) => n.toLocaleString('en-US')

function Item({ item }: { item: AttentionItem }) {
  const router = useRouter()
  // Dashboard paths (some with a query): the router opens them without reloading the page.
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    router.history.push(item.link)
  }
  return (
    <li className="flex flex-col gap-0.5 py-2">
      <a href={item.link} onClick={open} className="break-words font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
        {item.title}
        {item.zone_name && <span className="font-normal text-zinc-600 dark:text-zinc-300"> in {item.zone_name}</span>}
      </a>
      <span className="text-sm text-zinc-700 dark:text-zinc-300">{item.detail}</span>
    </li>
  )
}

function Section({ section }: { section: AttentionSection }) {
  const id = `attention-${section.key}`
  return (
    <section aria-labelledby={id} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
      <h2 id={id} className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
        {section.label} <span className="text-zinc-600 dark:text-zinc-300">({count(section.items.length)})</span>
      </h2>
      <p className={`mt-1 text-sm ${section.complete ? 'text-zinc-600 dark:text-zinc-300' : 'font-medium text-amber-800 dark:text-amber-300'}`}>
        {section.complete ? '' : 'Partial: '}
        {section.coverage}
      </p>
      {section.items.length ? (
        <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-700">
          {section.items.map((item, i) => (
            <Item key={`${item.link}-${i}`} item={item} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">{section.complete ? NOTHING[section.key] : `${NOTHING[section.key]} (in what was read)`}</p>
      )}
    </section>
  )
}

/** One page of what needs attention across everything the person may see, each line linking to where it is fixed. */
export function AttentionPage() {
  const query = useAttention()
  const data = query.data
  return (
    <>
      <PageHeader
        title="Needs attention"
        description="Everything in your zones that needs someone: certificates about to expire or failing, risky scripts, change requests, unread alerts, log jobs, pools and credentials, each linking to the page where it is fixed. Change requests, script reviews, alerts and credentials come from the dashboard's own records and are current. Certificates, log jobs and pools are read from the API when you open this page, for a limited number of zones so as not to spend the team's API budget: each section says exactly what it covered."
        actions={
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching ? 'Checking…' : 'Check again'}
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingBlock label="Checking your zones…" />
      ) : query.isError || !data ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {count(data.zones_in_scope)} zone{data.zones_in_scope === 1 ? '' : 's'} in your scope; {count(data.zones_read)} read from the API at{' '}
            {new Date(data.checked_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}.
          </p>
          {data.sections.map((s) => (
            <Section key={s.key} section={s} />
          ))}
        </div>
      )}
    </>
  )
}
