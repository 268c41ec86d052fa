import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import type { ApiTokenInput } from '@/shared/schemas/people'

/** Your personal API tokens for the sandbox's /client/v4 door. */
const key = ['me', 'tokens'] as const

export const useApiTokens = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => localCall('GET', '/api/local/me/tokens', { signal }),
  })

export function useCreateApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ApiTokenInput) => localCall('POST', '/api/local/me/tokens', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  })
}

export function useRevokeApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => localCall('DELETE', '/api/local/me/tokens/:id', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  })
}
