import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { inviteSchema, type Invite } from '@/shared/schemas/invites'
import { keys } from '@/lib/query-keys'

export const getInvites = async (signal?: AbortSignal): Promise<Invite[]> =>
  (await api.list<Invite>('/user/invites', { schema: inviteSchema, signal })).result

export const invitesQueryOptions = () => queryOptions({ queryKey: keys.invites, queryFn: ({ signal }) => getInvites(signal) })

export const useInvites = () => useQuery(invitesQueryOptions())
