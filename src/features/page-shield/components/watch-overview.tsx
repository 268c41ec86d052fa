import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { ApiRequestError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { watchScheduleWords, type WatchChannelEntry, type WatchSettings } from '@/shared/page-shield/watch'
import { useTestWatchChannel, useWatchChannels } from '../api/watch'

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString())

/** The schedule as evidence (PCI DSS 11.6.1): how often, whether at least weekly, the last check, the next, and who set it. */
export function ScheduleFacts({ s }: { s: WatchSettings }) {
  const { every, weekly } = watchScheduleWords(s)
  const check = s.last_check
  const row = 'grid gap-1 sm:grid-cols-[14rem_1fr]'
  return (
    // A group names the facts (a <dl> with a role of its own is no longer a list of terms to axe).
    <div role="group" aria-label="Schedule">
      <dl className="space-y-2 text-sm">
        <div className={row}>
          <dt className="font-medium">How often</dt>
          <dd>{s.enabled ? `Checked ${every}` : `Paused (set to ${every}): no checks run`}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">At least weekly (PCI DSS 11.6.1)</dt>
          <dd>
            {weekly ? <Badge tone="success">Yes</Badge> : <Badge tone="danger">No</Badge>}{' '}
            {!weekly && (s.enabled ? 'checks are further apart than seven days.' : 'checks are paused.')}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium">Last check</dt>
          <dd>
            {check ? (
              <>
                {formatDateTime(iso(check.started_at))}:{' '}
                <Badge
                  tone={
                    check.outcome === 'failed'
                      ? 'danger'
                      : check.outcome === 'ok' || check.outcome === 'baseline'
                        ? 'success'
                        : 'neutral'
                  }
                >
                  {check.outcome}
                </Badge>
                {check.error && <span className="ml-1 text-red-700 dark:text-red-300">{check.error}</span>}
              </>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-medium">Next check due</dt>
          <dd>{s.enabled ? formatDateTime(iso(s.next_due_at)) : 'None while paused'}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium">Last changed</dt>
          <dd className="break-words">
            {s.last_change
              ? `${formatDateTime(iso(s.last_change.at))} by ${s.last_change.by} (${s.last_change.what})`
              : 'Never: the defaults'}
          </dd>
        </div>
      </dl>
    </div>
  )
}

const problem = (err: unknown) =>
  err instanceof ApiRequestError
    ? (err.errors[0]?.message ?? err.message)
    : err instanceof Error
      ? err.message
      : 'The test could not be sent.'

/** "Send a test" to one channel, with its result beside it: delivered, or why not. */
export function ChannelTest({ zoneId, channel }: { zoneId: string; channel: WatchChannelEntry }) {
  const test = useTestWatchChannel(zoneId, channel.id)
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" aria-label={`Send a test to ${channel.target}`} pending={test.isPending} onClick={() => test.mutate()}>
        Send a test
      </Button>
      <span role="status" className="text-sm">
        {test.isSuccess && (
          <span className="text-emerald-800 dark:text-emerald-300">Test delivered at {formatDateTime(iso(test.data.at))}.</span>
        )}
        {test.isError && <span className="text-red-700 dark:text-red-300">{problem(test.error)}</span>}
      </span>
    </span>
  )
}

export const channelKindWord = (kind: WatchChannelEntry['kind']) => (kind === 'email' ? 'E-mail' : 'Webhook')

/** Everyone but administrators: the schedule and the channels as they are, read-only (targets without secrets). */
export function WatchReadOnlyCards({
  zoneId,
  settings,
  canTest,
}: {
  zoneId: string
  settings: WatchSettings | undefined
  canTest: boolean
}) {
  const channels = useWatchChannels(zoneId, true)
  return (
    <>
      <Card
        title="Schedule"
        description="Set by administrators. Every check is kept as evidence (Recent checks, and the report)."
      >
        {settings ? <ScheduleFacts s={settings} /> : null}
      </Card>
      <Card
        title="Alert channels"
        description={`Set by administrators: each alert goes to every channel here, and always to the list above.${canTest ? ' Send a test to see that a channel receives alerts.' : ''}`}
      >
        {settings && !settings.email_configured && channels.data?.some((c) => c.kind === 'email') && (
          <p role="note" className="mb-3 text-sm text-amber-800 dark:text-amber-200">
            E-mail is not set up on this server (SMTP_URL): e-mail channels cannot deliver until it is.
          </p>
        )}
        <ul className="space-y-2 text-sm" aria-label="Channels">
          {channels.data?.length === 0 && (
            <li className="text-zinc-600 dark:text-zinc-400">No channel: alerts appear only in the list above.</li>
          )}
          {channels.data?.map((ch) => (
            <li key={ch.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{channelKindWord(ch.kind)}</span>
              <span className="break-all">{ch.target}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                added {formatDateTime(iso(ch.created_at))} by {ch.created_by}
              </span>
              {canTest && <ChannelTest zoneId={zoneId} channel={ch} />}
            </li>
          ))}
        </ul>
      </Card>
    </>
  )
}
