import { useState } from 'react'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { keys } from './query-keys'
import { localCall } from './api-client'


/** The session's mode (live, practice or sandbox) and the newcomer checklist's progress. */
export const practiceQueryOptions = () =>
  queryOptions({
    queryKey: keys.practice,
    queryFn: ({ signal }) => localCall('GET', '/api/local/practice', { signal }),
    // Ticked by the server as tasks are done: read again whenever the checklist is shown.
    staleTime: 0,
  })

/** The last zone opened (app/current-zone.ts keeps it under this key): the other mode has other zones. */
const LAST_ZONE_KEY = 'zonekeeper-last-zone'

/**
 * Switching this session between the live account and the person's practice sandbox, and resetting
 * the practice data. Everything cached describes the other mode's data, so it is all dropped.
 * The functions throw the API's error; callers show it.
 */
export function usePracticeActions() {
  const queryClient = useQueryClient()
  const router = useRouter()
  const [pending, setPending] = useState<'switch' | 'reset' | null>(null)
  const afterwards = async (to: string) => {
    await queryClient.resetQueries()
    await router.navigate({ to })
    await router.invalidate()
  }
  const run = async (kind: 'switch' | 'reset', work: () => Promise<void>) => {
    setPending(kind)
    try {
      await work()
    } finally {
      setPending(null)
    }
  }
  return {
    pending,
    switchTo: (practice: boolean) =>
      run('switch', async () => {
        await localCall('POST', '/api/local/practice', { body: { practice } })
        try {
          localStorage.removeItem(LAST_ZONE_KEY)
        } catch {
          // storage disabled: nothing remembered
        }
        await afterwards(practice ? '/practice' : '/zones')
      }),
    reset: () =>
      run('reset', async () => {
        await localCall('POST', '/api/local/practice/reset')
        await queryClient.resetQueries()
        await router.invalidate()
      }),
  }
}
