import { useId, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { plural } from '@/lib/format'
import { lbEventSources, type LbEventSource, type LbHealthState } from '@/shared/schemas/alerting'
import type { Pool } from '@/shared/schemas/load-balancing'
import { migrationOptionsSchema, type MigrationOptions } from '@/shared/schemas/load-balancing-migration'
import { buildPlan, policyName } from '../migration/plan'

const healthLabels: Record<LbHealthState, string> = { Unhealthy: 'Becomes unhealthy', Healthy: 'Becomes healthy again' }
const HEALTH_ORDER: readonly LbHealthState[] = ['Unhealthy', 'Healthy']
const sourceLabels: Record<LbEventSource, string> = { pool: 'A whole pool changes health', origin: 'A single origin server changes health' }

function CheckGroup<T extends string>(props: { legend: string; values: readonly T[]; labels: Record<T, string>; chosen: T[]; onChange: (v: T[]) => void; error?: string }) {
  const id = useId()
  return (
    <fieldset aria-describedby={props.error ? `${id}-err` : undefined}>
      <legend className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{props.legend}</legend>
      <div className="mt-1 space-y-1">
        {props.values.map((v) => (
          <label key={v} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input
              type="checkbox"
              className="size-4 accent-blue-600"
              checked={props.chosen.includes(v)}
              onChange={(e) => props.onChange(e.target.checked ? [...props.chosen, v] : props.chosen.filter((x) => x !== v))}
            />
            {props.labels[v]}
          </label>
        ))}
      </div>
      {props.error && (
        <p id={`${id}-err`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {props.error}
        </p>
      )}
    </fieldset>
  )
}

/** The plan (nothing changed yet): one policy per address with its pools, and what the policies should report. */
export function MigrationPlan({ pools, onStart, onClose }: { pools: Pool[]; onStart: (o: MigrationOptions) => void; onClose: () => void }) {
  const groups = useMemo(() => buildPlan(pools), [pools])
  const withEmail = pools.filter((p) => p.notification_email.trim() !== '').length
  const [health, setHealth] = useState<LbHealthState[]>([...HEALTH_ORDER])
  const [sources, setSources] = useState<LbEventSource[]>([...lbEventSources])
  const [tried, setTried] = useState(false)
  const parsed = migrationOptionsSchema.safeParse({ new_health: health, event_source: sources })
  const issue = (field: string) => (tried && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === field)?.message : undefined)

  if (groups.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">None of the {plural(pools.length, 'pool')} has a legacy notification e-mail. There is nothing to migrate.</p>
        <Button onClick={onClose}>Close</Button>
      </div>
    )
  }
  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {plural(withEmail, 'pool')} of {pools.length} still send health e-mails the old way, to {plural(groups.length, 'address', 'addresses')}. The
        assistant creates one notification policy per address first, checks that each exists, and only then clears the old e-mail, page by page
        (pools in name order, 25 per page). A page is cleared only when every address on it has its policy.
      </p>
      <ol aria-label="Policies to create" className="divide-y divide-zinc-100 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-700">
        {groups.map((g) => (
          <li key={g.address} className="px-3 py-2">
            <details>
              <summary className="cursor-pointer">
                <span className="font-medium wrap-anywhere text-zinc-900 dark:text-zinc-100">{policyName(g.address)}</span>
                <span className="ml-2 text-zinc-600 dark:text-zinc-400">{plural(g.pools.length, 'pool')}</span>
              </summary>
              <p className="mt-1 break-words text-zinc-700 dark:text-zinc-300">{g.pools.map((p) => p.name).join(', ')}</p>
            </details>
          </li>
        ))}
      </ol>
      <div className="grid gap-4 sm:grid-cols-2">
        <CheckGroup legend="Send an e-mail when a pool or origin…" values={HEALTH_ORDER} labels={healthLabels} chosen={health} onChange={setHealth} error={issue('new_health')} />
        <CheckGroup legend="Report changes of…" values={lbEventSources} labels={sourceLabels} chosen={sources} onChange={setSources} error={issue('event_source')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          onClick={() => {
            setTried(true)
            if (parsed.success) onStart(parsed.data)
          }}
        >
          Create {plural(groups.length, 'policy', 'policies')} and clear the old e-mails
        </Button>
        <Button onClick={onClose}>Not now</Button>
      </div>
    </div>
  )
}
