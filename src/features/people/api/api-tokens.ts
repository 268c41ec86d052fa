import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { keys } from '@/lib/query-keys'
import { localCall } from '@/lib/api-client'
import type { ApiTokenInput } from '@/shared/schemas/people'

/** Your personal API tokens for the sandbox's /client/v4 door. */
export const useApiTokens = () =>
  useQuery({
    queryKey: keys.me.tokens,
    queryFn: ({ signal }) => localCall('GET', '/api/local/me/tokens', { signal }),
  })

export function useCreateApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ApiTokenInput) => localCall('POST', '/api/local/me/tokens', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me.tokens }),
  })
}

export function useRevokeApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => localCall('DELETE', '/api/local/me/tokens/:id', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me.tokens }),
  })
}
