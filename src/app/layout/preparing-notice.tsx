import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from '@/lib/health'
import { useZoneIdFromUrl } from '../current-zone'

// Shown only in the first seconds of a new sandbox: its words load then, not with the shell.
const PreparingBanner = lazy(() => import('./preparing-banner').then((m) => ({ default: m.PreparingBanner })))

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
    <Suspense fallback={null}>
      <PreparingBanner name={zone.name} />
    </Suspense>
  )
}
