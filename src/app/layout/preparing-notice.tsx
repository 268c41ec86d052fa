import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from '@/lib/health'
import { Spinner } from '@/components/ui/spinner'
import { useZoneIdFromUrl } from '../current-zone'

/**
 * On the first start of the sandbox, the two scale-test zones (10,000 DNS records, 20,000 scripts)
 * are written in the background for a few seconds. Inside such a zone, says so: its lists wait.
 */
export function PreparingNotice() {
  const zoneId = useZoneIdFromUrl()
  const health = useQuery(healthQueryOptions())
  const zone = health.data?.preparing.find((z) => z.id === zoneId)
  if (!zone) return null
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      <Spinner size="sm" label="" />
      <span>
        <strong>{zone.name}</strong> is being prepared: the sandbox is writing its demo data (a few seconds after the first
        start). Its lists appear as soon as it is done.
      </span>
    </p>
  )
}
