import { queryOptions, useQuery } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'
import { refusalReason, ROLE_WORDS, writeRole, type AccessRole, type WriteLevel } from '@/shared/access'
import type { ApiArea } from '@/shared/endpoints/types'
import { keys } from './query-keys'
import { localCall } from './api-client'

/** Who is signed in (or the local administrator), as the server sees it. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: keys.me.all,
    queryFn: ({ signal }) => localCall('GET', '/api/local/me', { signal }),
    staleTime: 5 * 60_000,
  })

export const useMe = () => useQuery(meQueryOptions())

export const ROLE_LABEL: Record<AccessRole, string> = ROLE_WORDS

export interface Permission {
  allowed: boolean
  /** Why not, in plain words (shown beside a disabled action or as the page's notice). */
  reason?: string
}

const CHECKING: Permission = { allowed: false, reason: 'Checking what you may do…' }

/**
/**
 * Whether the signed-in person has at least `needed` (in `zoneName`, when given). The server enforces
 * the same rule (src/shared/access.ts) on every request; this only keeps the page from offering what
 * would fail, and says why. Unknown yet: not allowed. In a practice session every role may change
 * the API's data (it is their own copy); `dashboard` marks what belongs to the dashboard itself
 * (people), which practice does not open.
 */
export function useCan(needed: AccessRole, zoneName?: string, what: 'data' | 'dashboard' = 'data'): Permission {
  const me = useMe()
  if (!me.data) return CHECKING
  if (me.data.practice && what === 'data') return { allowed: true }
  const reason = refusalReason(me.data.person, needed, zoneName)
  return reason ? { allowed: false, reason } : { allowed: true }
}

/**
 * Whether the person may change things of `area`: inside the zone the page shows (`'zone'`, its scope
 * checked too), or at account level (`'account'`). The role comes from the same matrix the server's
 * gate reads (src/shared/access.ts), so a page and the server cannot disagree.
 */
export function useCanWrite(area: ApiArea, level: WriteLevel = 'zone'): Permission {
  const zone = useMatch({ from: '/zones/$zoneId', shouldThrow: false })
  return useCan(writeRole(area, level), level === 'zone' ? zone?.loaderData?.zoneName : undefined)
}
