import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { useCan } from '@/lib/access'
import { healthQueryOptions } from '@/lib/health'
import { WATCH_ACTIVITY_KINDS, WATCH_ACTIVITY_LABEL, type WatchActivityKind } from '@/shared/page-shield/watch'
import { useSimulateActivity } from '../api/watch'

/**
 * Sandbox only (never in live mode): makes the demo zone's pages "do something" (a new script, a
 * reviewed script's code changing, a score dropping below 10, a script going infrequent), so the
 * script watch has something to find on its next check. Administrators only, like the server.
 */
const zone = getRouteApi('/zones/$zoneId')

export function SandboxActivityCard({ zoneId }: { zoneId: string }) {
  const { zoneName } = zone.useLoaderData()
  const sandbox = useQuery(healthQueryOptions()).data?.mode === 'sandbox'
  const admin = useCan('admin', zoneName, 'dashboard')
  const simulate = useSimulateActivity(zoneId)
  const toast = useToast()
  const [kind, setKind] = useState<WatchActivityKind>('hash-change')
  if (!sandbox || !admin.allowed) return null
  return (
    <Card title="Simulate activity (sandbox)" description="Make the demo pages change as real ones do; the script watch finds it within seconds.">
      <div className="flex flex-wrap items-end gap-3">
        <div className="max-w-full min-w-0">
          <label htmlFor="activity-kind" className="block text-sm font-medium">
            What happens
          </label>
          <select
            id="activity-kind"
            className="max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900"
            value={kind}
            onChange={(e) => setKind(e.target.value as WatchActivityKind)}
          >
            {WATCH_ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {WATCH_ACTIVITY_LABEL[k]}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="primary"
          pending={simulate.isPending}
          onClick={() =>
            simulate.mutate(
              { kind },
              {
                onSuccess: (r) => toast.success('Activity simulated', r.description),
                onError: (err) => toast.error('Nothing was simulated', err),
              },
            )
          }
        >
          Simulate activity
        </Button>
        <Link to="/zones/$zoneId/page-shield/alerts" params={{ zoneId }} className="text-sm text-blue-700 underline dark:text-blue-300">
          See alerts
        </Link>
      </div>
    </Card>
  )
}
