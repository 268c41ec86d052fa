import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
// From ./switch, not ./switch-field: the overview has no form, so react-hook-form stays out of its first load.
import { Switch } from '@/components/form/switch'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDateTime, formatNumber } from '@/lib/format'
import { MALICIOUS_RULE_TEXT } from '@/shared/page-shield/malicious'
import type { PageShieldSettingsInput } from '@/shared/schemas/page-shield'
import { connectionsQueryOptions, cookiesQueryOptions, scriptsQueryOptions } from '../api/resources'
import { indexingText, isIndexBuilding, scriptIndexOptions } from '../api/needs-review-scan'
import { usePolicies } from '../api/policies'
import { usePageShieldSettings, useUpdatePageShieldSettings } from '../api/settings'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCanWrite } from '@/lib/access'
import { SandboxActivityCard } from './sandbox-activity'

const route = getRouteApi('/zones/$zoneId/page-shield/')

const OFF_CONSEQUENCE =
  'Switching monitoring off stops new detections: scripts, connections and cookies that appear on your pages from now on are not reported, and these lists stop updating. ' +
  'It does not switch your policies off: enabled policies keep being applied, and whatever they block stays blocked. What was detected so far stays listed.'

function SettingRow({
  id,
  label,
  help,
  checked,
  onChange,
  disabled,
}: {
  id: string
  label: string
  help: string
  checked: boolean
  onChange: (v: boolean) => void
  disabled?: boolean
}) {
  return (
    <div className="flex items-start gap-4 py-3">
      <Switch id={id} checked={checked} onChange={onChange} disabled={disabled} aria-describedby={`${id}-help`} />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {label}: {checked ? 'on' : 'off'}
        </label>
        <p id={`${id}-help`} className="text-sm text-zinc-600 dark:text-zinc-300">
          {help}
        </p>
      </div>
    </div>
  )
}

type CountTarget =
  | '/zones/$zoneId/page-shield/scripts'
  | '/zones/$zoneId/page-shield/connections'
  | '/zones/$zoneId/page-shield/cookies'
  | '/zones/$zoneId/page-shield/policies'

interface CountSpec {
  label: string
  /** undefined while loading. */
  value: number | undefined
  to: CountTarget
  search?: Record<string, unknown>
  note?: string
}

function Count({ zoneId, count }: { zoneId: string; count: CountSpec }) {
  const { label, value, to, search, note } = count
  return (
    <Link
      to={to as '/zones/$zoneId/page-shield/scripts'}
      params={{ zoneId }}
      search={search}
      className="block rounded-lg border border-zinc-200 p-4 hover:border-blue-400 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700"
    >
      <span className="block text-2xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">
        {value === undefined ? '…' : formatNumber(value)}
      </span>
      <span className="block text-sm text-zinc-700 dark:text-zinc-300">{label}</span>
      {note && <span className="mt-1 block text-xs text-zinc-500 dark:text-zinc-400">{note}</span>}
    </Link>
  )
}

/** Monitoring on/off (what switching off stops and what it does not), the reporting options, and the counts. */
export function OverviewPage() {
  const { zoneId } = route.useParams()
  const toast = useToast()
  const settings = usePageShieldSettings(zoneId)
  const update = useUpdatePageShieldSettings(zoneId)
  const can = useCanWrite('page-shield')
  const [confirmOff, setConfirmOff] = useState(false)
  const first = { order: 'last_seen_at', direction: 'desc', per_page: 25 } as const
  const scripts = useQuery(scriptsQueryOptions(zoneId, first))
  const connections = useQuery(connectionsQueryOptions(zoneId, first))
  const cookies = useQuery(cookiesQueryOptions(zoneId, first))
  const policies = usePolicies(zoneId)
  // Exact, over every script of the zone (the dashboard's index of it, joined with the review ledger).
  const activeIndex = useQuery(scriptIndexOptions(zoneId, { review: 'needs' }))
  const anyStatus = useQuery(scriptIndexOptions(zoneId, { status: 'all', malicious_only: true }))
  // While the zone's first index build runs, its counts are not whole: the tiles say how far it is instead.
  const building = [activeIndex.data, anyStatus.data].find(isIndexBuilding)
  const indexing = building ? `${indexingText(building)}; the count appears when every script is read.` : undefined
  const active = isIndexBuilding(activeIndex.data) ? undefined : activeIndex.data
  const any = isIndexBuilding(anyStatus.data) ? undefined : anyStatus.data
  const malicious = active?.counts.malicious
  const maliciousAny = any?.counts.total
  const toReview = active?.counts
  const counts: CountSpec[] = [
    { label: 'Active scripts', value: scripts.data?.resultInfo.total_count, to: '/zones/$zoneId/page-shield/scripts' },
    {
      label: 'Malicious active scripts',
      value: malicious,
      to: '/zones/$zoneId/page-shield/scripts',
      search: { malicious_only: true },
      note:
        malicious !== undefined && maliciousAny !== undefined
          ? `Status active only; ${formatNumber(maliciousAny - malicious)} more among infrequent and inactive scripts.`
          : (indexing ?? 'Status active only.'),
    },
    {
      label: 'Malicious scripts, any status',
      value: maliciousAny,
      to: '/zones/$zoneId/page-shield/scripts',
      search: { status: 'all', malicious_only: true },
      note: maliciousAny === undefined && indexing ? indexing : 'Active, infrequent and inactive.',
    },
    {
      label: 'Active connections',
      value: connections.data?.resultInfo.total_count,
      to: '/zones/$zoneId/page-shield/connections',
    },
    { label: 'Cookies', value: cookies.data?.resultInfo.total_count, to: '/zones/$zoneId/page-shield/cookies' },
    {
      label: 'Policies',
      value: policies.data?.length,
      to: '/zones/$zoneId/page-shield/policies',
      note: policies.data ? `${policies.data.filter((p) => p.enabled).length} enabled` : undefined,
    },
    {
      label: 'Scripts to review',
      value: toReview && toReview.new + toReview.changed + toReview.investigating,
      to: '/zones/$zoneId/page-shield/scripts',
      search: { review: 'needs' },
      note: toReview
        ? `Status active: ${formatNumber(toReview.new)} never reviewed, ${formatNumber(toReview.changed)} changed since their review, ${formatNumber(toReview.investigating)} marked Investigate; ${formatNumber(toReview.reviewed)} reviewed and done${toReview.by_pattern ? ` (${formatNumber(toReview.by_pattern)} by a pattern verdict)` : ''}.`
        : (indexing ?? 'Active scripts never reviewed, changed since their last review, or marked Investigate.'),
    },
  ]

  const change = (input: PageShieldSettingsInput, done: string) =>
    update.mutate(input, { onSuccess: () => toast.success(done), onError: (e) => toast.error('The setting was not changed', e) })

  if (settings.isPending) return <LoadingBlock />
  if (settings.error) return <ErrorView error={settings.error} onRetry={() => void settings.refetch()} />
  const s = settings.data ?? {
    enabled: false,
    use_cloudflare_reporting_endpoint: true,
    use_connection_url_path: false,
    updated_at: '',
  }
  return (
    <>
      <PageHeader
        title="Page security"
        description="What the scripts on your pages load, where they send data, which cookies they set, and the policies that decide what browsers may run."
      />
      {/* minmax(0, 1fr): a long option in a card's select shrinks to the phone instead of widening the column. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 xl:grid-cols-2">
        <Card title="Monitoring" description={`Last changed ${formatDateTime(s.updated_at)}.`}>
          <RoleNotice permission={can} what="these settings" />
          <SettingRow
            id="ps-enabled"
            label="Monitoring"
            checked={s.enabled}
            disabled={update.isPending || !can.allowed}
            onChange={(on) => (on ? change({ enabled: true }, 'Monitoring switched on') : setConfirmOff(true))}
            help={
              s.enabled
                ? 'Visitors’ browsers report the scripts, connections and cookies your pages use. Switching off stops new detections; policies stay in force.'
                : 'No new detections are recorded. Policies that are enabled still apply. Switch on to start detecting again.'
            }
          />
          <SettingRow
            id="ps-reporting"
            label="Report to the service's own address"
            checked={s.use_cloudflare_reporting_endpoint}
            disabled={update.isPending || !can.allowed}
            onChange={(v) => change({ use_cloudflare_reporting_endpoint: v }, 'Reporting address changed')}
            help="Browsers send their reports to the service's reporting address instead of a /cdn-cgi/ path on your own domain."
          />
          <SettingRow
            id="ps-url-path"
            label="Record full connection URLs"
            checked={s.use_connection_url_path}
            disabled={update.isPending || !can.allowed}
            onChange={(v) => change({ use_connection_url_path: v }, 'Connection recording changed')}
            help="Keep the path of each connection, not only its host name. Needed to match connections against lists of malicious URLs."
          />
        </Card>
        <Card title="What was detected" description={MALICIOUS_RULE_TEXT}>
          <div className="grid grid-cols-2 gap-3">
            {counts.map((count) => (
              <Count key={count.label} zoneId={zoneId} count={count} />
            ))}
          </div>
        </Card>
        <SandboxActivityCard zoneId={zoneId} />
      </div>
      <ConfirmDialog
        open={confirmOff}
        title="Switch monitoring off?"
        consequence={OFF_CONSEQUENCE}
        confirmLabel="Switch monitoring off"
        destructive={false}
        pending={update.isPending}
        onCancel={() => setConfirmOff(false)}
        onConfirm={() =>
          update.mutate(
            { enabled: false },
            {
              onSuccess: () => {
                toast.success('Monitoring switched off', 'Policies stay in force.')
                setConfirmOff(false)
              },
              onError: (e) => toast.error('Monitoring was not switched off', e),
            },
          )
        }
      />
    </>
  )
}
