import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localPath, local } from '@/lib/api-client'
import type { ApiTokenInput, ApiTokenView } from '@/shared/schemas/people'
import { keys } from '@/lib/query-keys'

/** Your personal API tokens for the sandbox's /client/v4 door. */
export const useApiTokens = () =>
  useQuery({
    queryKey: keys.me.tokens,
    queryFn: ({ signal }) => local.get<ApiTokenView[]>('/api/local/me/tokens', { signal }),
  })

export function useCreateApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ApiTokenInput) => local.post<ApiTokenView>('/api/local/me/tokens', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me.tokens }),
  })
}

export function useRevokeApiToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => local.delete<{ id: string }>(localPath('/api/local/me/tokens/:id', { id })),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me.tokens }),
  })
}
