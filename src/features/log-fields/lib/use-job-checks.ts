import { useEffect, useState } from 'react'
import type { Resolver } from 'react-hook-form'
import type { LogpushJobCreate } from '@/shared/schemas/logpush'

const loadChecks = () => import('./job-checks')
type JobChecks = Awaited<ReturnType<typeof loadChecks>>

/** The create schema as a react-hook-form resolver that loads it (and zod) on the first check: the first submit. */
export const lazyJobResolver: Resolver<LogpushJobCreate> = async (values, context, options) =>
  (await loadChecks()).jobResolver(values, context, options)

/**
 * Whether the destination needs the ownership challenge. The check loads once a destination is
 * typed (an empty one never needs it); until then, and if it cannot load, the answer is no.
 */
export function useNeedsOwnership(destination: string): boolean {
  const [checks, setChecks] = useState<JobChecks | null>(null)
  useEffect(() => {
    if (checks || !destination) return
    let live = true
    loadChecks().then(
      (m) => live && setChecks(m),
      () => undefined, // the submit's resolver loads it again and reports a failure
    )
    return () => {
      live = false
    }
  }, [checks, destination])
  return checks ? checks.needsOwnership(destination) : false
}
