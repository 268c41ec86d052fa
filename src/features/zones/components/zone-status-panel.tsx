import { cn } from '@/lib/format'
import type { Zone } from '../api/zone-types'
import { ZoneStatusBadge, zoneStatusText } from './zone-status'

const tone: Record<string, string> = {
  active: 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40',
  pending: 'border-amber-200 bg-amber-50 dark:border-amber-900 dark:bg-amber-950/40',
}

/** The zone's status in one plain sentence, plus what to do at the registrar when the zone is pending or moved away. */
export function ZoneStatusPanel({ zone }: { zone: Zone }) {
  return (
    <section
      aria-labelledby="zone-status-title"
      className={cn('rounded-lg border p-4 shadow-sm', tone[zone.status] ?? 'border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-900')}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="zone-status-title" className="text-base font-semibold">
          Status
        </h2>
        <ZoneStatusBadge status={zone.status} />
        {zone.paused && <span className="text-sm text-zinc-700 dark:text-zinc-300">· Paused: DNS only, traffic is not proxied</span>}
      </div>
      <p className="mt-1.5 text-sm text-zinc-800 dark:text-zinc-200">{zoneStatusText(zone.status)}</p>
      {(zone.status === 'pending' || zone.status === 'moved') && (
        <div className="mt-3 text-sm text-zinc-800 dark:text-zinc-200">
          <p>
            {zone.status === 'pending' ? 'To finish' : 'To keep this zone'}, sign in at your registrar
            {zone.original_registrar ? <> (<span className="font-medium">{zone.original_registrar}</span>)</> : null}{' '}
            and {zone.status === 'pending' ? 'replace' : 'set'} the domain&rsquo;s name servers {zone.status === 'pending' ? 'with' : 'back to'}:
          </p>
          <ul className="mt-1.5 space-y-0.5 font-mono text-[0.8125rem]">
            {zone.name_servers.map((ns) => (
              <li key={ns}>{ns}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
