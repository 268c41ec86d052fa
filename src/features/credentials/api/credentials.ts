import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { keys } from '@/lib/query-keys'
import { localCall } from '@/lib/api-client'
import type { CredentialInput, CredentialSecretInput } from '@/shared/schemas/credentials'

/** The deployment's API credentials: the environment's first, then the stored ones (never a secret). */
export const useCredentials = () =>
  useQuery({
    queryKey: keys.credentials,
    queryFn: ({ signal }) => localCall('GET', '/api/local/credentials', { signal }),
  })

export function useAddCredential() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CredentialInput) => localCall('POST', '/api/local/credentials', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.credentials }),
  })
}

export function useReplaceCredential() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, secret }: { id: string; secret: CredentialSecretInput }) => localCall('PUT', '/api/local/credentials/:id', { path: { id }, body: secret }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.credentials }),
  })
}

export function useRemoveCredential() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => localCall('DELETE', '/api/local/credentials/:id', { path: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.credentials }),
  })
}
