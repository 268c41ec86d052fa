import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import type { CredentialInput, CredentialSecretInput } from '@/shared/schemas/credentials'

// Its own key, not in lib/query-keys.ts: that module is in every page's first load, which this
// admin-only page must not grow (the bundle budget).
const KEY = ['credentials'] as const

/** The deployment's API credentials: the environment's first, then the stored ones (never a secret). */
export const useCredentials = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => localCall('GET', '/api/local/credentials', { signal }),
  })

export function useAddCredential() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CredentialInput) => localCall('POST', '/api/local/credentials', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  })
}

export function useReplaceCredential() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, secret }: { id: string; secret: CredentialSecretInput }) => localCall('PUT', '/api/local/credentials/:id', { path: { id }, body: secret }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  })
}

export function useRemoveCredential() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => localCall('DELETE', '/api/local/credentials/:id', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  })
}
