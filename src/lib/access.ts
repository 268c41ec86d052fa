import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MeView, RoleName } from '@/shared/schemas/people'
import { local } from './api-client'

/** Who is signed in (or the local administrator), as the server sees it. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => local.get<MeView>('/api/local/me', { signal }),
    staleTime: 5 * 60_000,
  })

export const useMe = () => useQuery(meQueryOptions())

const RANK: Record<RoleName, number> = { viewer: 0, reviewer: 1, editor: 2, admin: 3 }
export const ROLE_LABEL: Record<RoleName, string> = {
  viewer: 'viewer',
  reviewer: 'reviewer',
  editor: 'editor',
  admin: 'administrator',
}

export interface Permission {
  allowed: boolean
  /** Why not, in plain words (shown beside a disabled action or as the page's notice). */
  reason?: string
}

/**
 * Whether the signed-in person has at least `needed`. The server enforces the same rule on every
 * request; this only keeps the page from offering what would fail. Unknown yet: not allowed.
 */
export function useCan(needed: RoleName): Permission {
  const me = useMe()
  if (!me.data) return { allowed: false, reason: 'Checking what you may do…' }
  const role = me.data.person.role
  if (RANK[role] >= RANK[needed]) return { allowed: true }
  return {
    allowed: false,
    reason: `You have the ${ROLE_LABEL[role]} role: this needs the ${ROLE_LABEL[needed]} role. Ask an administrator if you need it.`,
  }
}
