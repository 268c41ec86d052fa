import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestLocal } from '@/lib/api-client'
import type { ApiTokenInput, ApiTokenView } from '@/shared/schemas/people'

/** Your personal API tokens for the sandbox's /client/v4 door. */
const key = ['me', 'tokens'] as const

export const useApiTokens = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => requestLocal<ApiTokenView[]>('GET', '/api/local/me/tokens', undefined, signal),
  })

export function useCreateApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ApiTokenInput) => requestLocal<ApiTokenView>('POST', '/api/local/me/tokens', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  })
}

export function useRevokeApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => requestLocal<{ id: string }>('DELETE', `/api/local/me/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  })
}
