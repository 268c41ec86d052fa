import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, parseAnswer } from '@/lib/api-client'
import type { Invite } from '@/shared/schemas/invites'
import { keys } from '@/lib/query-keys'

// The schema (zod) is fetched beside the request rather than with the page: the invites page is
// small, and zod would be most of its first load.
export const inviteSchema = () => import('@/shared/schemas/invites').then((m) => m.inviteSchema)

export const getInvites = async (signal?: AbortSignal): Promise<Invite[]> => {
  const schema = inviteSchema()
  const answer = await api.list<Invite>('/user/invites', { signal })
  const invite = await schema
  return answer.result.map((r) => parseAnswer(r, invite))
}

export const invitesQueryOptions = () => queryOptions({ queryKey: keys.invites, queryFn: ({ signal }) => getInvites(signal) })

export const useInvites = () => useQuery(invitesQueryOptions())
