import { lazy, Suspense, useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Badge } from '@/components/ui/badge'
import { Card, PageHeader } from '@/components/ui/page-header'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCan, useCanWrite } from '@/lib/access'
import { formatDateTime } from '@/lib/format'
import { useWatchRuns, useWatchSettings, watchReportUrl } from '../api/watch'
import { WatchAlertList } from './watch-alerts'
import { WatchReadOnlyCards } from './watch-overview'
import { watchRunWords } from '@/shared/page-shield/watch-run-words'

// Administrators' settings (with their forms' schemas) load only for them, out of the page's first load.
const WatchScheduleCard = lazy(() => import('./watch-settings').then((m) => ({ default: m.WatchScheduleCard })))
const WatchChannelsCard = lazy(() => import('./watch-settings').then((m) => ({ default: m.WatchChannelsCard })))

const zone = getRouteApi('/zones/$zoneId')
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function ReportCard({ zoneId }: { zoneId: string }) {
  const [from, setFrom] = useState(() => day(Date.now() - 30 * 86_400_000))
  const [to, setTo] = useState(() => day(Date.now()))
  const field = 'rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900'
  return (
    <Card title="Compliance report" description="Inventory with verdicts and justifications, every change detected and the review that followed, and the checks that ran (gaps over seven days in red).">
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col">
          From
          <input type="date" className={field} value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="flex flex-col">
          To
          <input type="date" className={field} value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className="text-blue-700 underline dark:text-blue-300" href={watchReportUrl(zoneId, 'html', from, to)} target="_blank" rel="noreferrer">
          Open report (prints well)
        </a>
        <a className="text-blue-700 underline dark:text-blue-300" href={watchReportUrl(zoneId, 'csv', from, to)} download>
          Download CSV
        </a>
      </div>
    </Card>
  )
}

function RunsCard({ zoneId }: { zoneId: string }) {
  const runs = useWatchRuns(zoneId)
  return (
    <Card title="Recent checks" description="Every check is kept as evidence: when, what it saw, what it found.">
      {runs.data?.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No check has run yet.</p>}
      <ul className="space-y-1 text-sm" aria-label="Recent checks">
        {runs.data?.slice(0, 10).map((r) => (
          <li key={r.id} className="flex flex-wrap gap-2">
            <span>{formatDateTime(new Date(r.started_at).toISOString())}</span>
            <Badge tone={r.outcome === 'failed' ? 'danger' : r.outcome === 'ok' || r.outcome === 'baseline' ? 'success' : 'neutral'}>{r.outcome}</Badge>
            <span>{watchRunWords(r)}</span>
            {r.error && <span className="text-red-700 dark:text-red-300">{r.error}</span>}
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** `/zones/$zoneId/page-shield/alerts`: the script watch (PCI DSS 11.6.1) of one zone. */
export function WatchPage() {
  const { zoneId } = zone.useParams()
  const { zoneName } = zone.useLoaderData()
  const canAck = useCanWrite('page-shield')
  const admin = useCan('admin', zoneName)
  const settings = useWatchSettings(zoneId)
  return (
    <>
      <PageHeader
        title="Script alerts"
        description="The script watch checks this zone on a schedule and alerts people when scripts appear, change, disappear or turn malicious, when pages connect to new hosts, and when policies change."
      />
      <RoleNotice permission={canAck} what="the alerts" />
      <div className="space-y-4">
        <Card title="Alerts">
          <WatchAlertList zoneId={zoneId} canAck={canAck} />
        </Card>
        <ReportCard zoneId={zoneId} />
        <RunsCard zoneId={zoneId} />
        {admin.allowed ? (
          <Suspense fallback={null}>
            <WatchScheduleCard zoneId={zoneId} />
            <WatchChannelsCard zoneId={zoneId} emailConfigured={settings.data?.email_configured ?? false} />
          </Suspense>
        ) : (
          // Reviewers and viewers read what the evidence depends on: the schedule, the channels, who set them.
          !admin.reason?.startsWith('Checking') && <WatchReadOnlyCards zoneId={zoneId} settings={settings.data} canTest={canAck.allowed} />
        )}
      </div>
    </>
  )
}
