import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { WATCH_MAX_INTERVAL_MINUTES } from '@/shared/page-shield/watch'
import { watchChannelInputSchema, watchSettingsInputSchema } from '@/shared/schemas/watch'
import {
  useAddWatchChannel,
  useCheckNow,
  useRemoveWatchChannel,
  useSaveWatchSettings,
  useWatchChannels,
  useWatchSettings,
} from '../api/watch'
import { ChannelTest, channelKindWord, ScheduleFacts } from './watch-overview'

const input =
  'rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100'

/** Administrators: how often the zone is checked, and whether. */
export function WatchScheduleCard({ zoneId }: { zoneId: string }) {
  const settings = useWatchSettings(zoneId)
  const save = useSaveWatchSettings(zoneId)
  const check = useCheckNow(zoneId)
  const toast = useToast()
  const [minutes, setMinutes] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()
  if (!settings.data) return null
  const s = settings.data
  const shown = minutes ?? String(s.interval_minutes)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = watchSettingsInputSchema.safeParse({ interval_minutes: Number(shown), enabled: s.enabled })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    save.mutate(parsed.data, { onSuccess: () => toast.success('Schedule saved'), onError: (err) => toast.error('Could not save the schedule', err) })
  }
  return (
    <Card title="Schedule">
      <ScheduleFacts s={s} />
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="watch-interval" className="block text-sm font-medium">
            Minutes between checks
          </label>
          <input
            id="watch-interval"
            type="number"
            min={1}
            max={WATCH_MAX_INTERVAL_MINUTES}
            className={input}
            value={shown}
            aria-describedby="watch-interval-help"
            aria-invalid={error ? true : undefined}
            onChange={(e) => setMinutes(e.target.value)}
          />
          <p id="watch-interval-help" className="text-xs text-zinc-600 dark:text-zinc-400">
            1 to {WATCH_MAX_INTERVAL_MINUTES} (seven days, the longest PCI DSS 11.6.1 allows).
          </p>
          {error && <p className="text-xs text-red-700 dark:text-red-300">{error}</p>}
        </div>
        <Button type="submit" pending={save.isPending}>
          Save
        </Button>
        <Button
          onClick={() =>
            save.mutate(
              { interval_minutes: s.interval_minutes, enabled: !s.enabled },
              { onError: (err) => toast.error('Could not change the schedule', err) },
            )
          }
        >
          {s.enabled ? 'Pause checks' : 'Resume checks'}
        </Button>
        <Button onClick={() => check.mutate(undefined, { onSuccess: () => toast.success('A check will run within seconds') })} pending={check.isPending}>
          Check now
        </Button>
      </form>
    </Card>
  )
}

/** Administrators: where alerts go. A webhook's signing secret is shown once, right after it is added. */
export function WatchChannelsCard({ zoneId, emailConfigured }: { zoneId: string; emailConfigured: boolean }) {
  const channels = useWatchChannels(zoneId, true)
  const add = useAddWatchChannel(zoneId)
  const remove = useRemoveWatchChannel(zoneId)
  const toast = useToast()
  const [kind, setKind] = useState<'email' | 'webhook'>('email')
  const [target, setTarget] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [secret, setSecret] = useState<string | undefined>()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = watchChannelInputSchema.safeParse({ kind, target })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    add.mutate(parsed.data, {
      onSuccess: (ch) => {
        setTarget('')
        setSecret(ch.secret)
        toast.success(ch.kind === 'email' ? 'E-mail channel added' : 'Webhook added')
      },
      onError: (err) => toast.error('Could not add the channel', err),
    })
  }
  return (
    <Card title="Alert channels" description="Each alert is delivered once to every channel here; the dashboard's list always has it too.">
      {!emailConfigured && (
        <p role="note" className="mb-3 text-sm text-amber-800 dark:text-amber-200">
          E-mail is not set up on this server (SMTP_URL): e-mail channels will show as failed until it is.
        </p>
      )}
      {secret && (
        <div role="status" className="mb-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950/40">
          Signing secret of the new webhook (shown only now; give it to the receiver):{' '}
          <code className="break-all select-all">{secret}</code>
        </div>
      )}
      <ul className="mb-3 space-y-1 text-sm" aria-label="Channels">
        {channels.data?.length === 0 && <li className="text-zinc-600 dark:text-zinc-400">No channel yet.</li>}
        {channels.data?.map((ch) => (
          <li key={ch.id} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{channelKindWord(ch.kind)}</span>
            <span className="break-all">{ch.target}</span>
            <ChannelTest zoneId={zoneId} channel={ch} />
            <Button size="sm" variant="ghost" aria-label={`Remove ${ch.target}`} onClick={() => remove.mutate(ch.id)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="channel-kind" className="block text-sm font-medium">
            Kind
          </label>
          <select id="channel-kind" className={input} value={kind} onChange={(e) => setKind(e.target.value as 'email' | 'webhook')}>
            <option value="email">E-mail</option>
            <option value="webhook">Webhook</option>
          </select>
        </div>
        <div className="min-w-64 flex-1">
          <label htmlFor="channel-target" className="block text-sm font-medium">
            {kind === 'email' ? 'E-mail address' : 'Webhook URL (http or https)'}
          </label>
          <input id="channel-target" className={`${input} w-full`} value={target} aria-invalid={error ? true : undefined} onChange={(e) => setTarget(e.target.value)} />
          {error && <p className="text-xs text-red-700 dark:text-red-300">{error}</p>}
        </div>
        <Button type="submit" variant="primary" pending={add.isPending}>
          Add channel
        </Button>
      </form>
    </Card>
  )
}
