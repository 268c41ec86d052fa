import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, ApiRequestError, NETWORK_ERROR_CODE, type ApiErrorItem } from '@/lib/api-client'
import type { PageShieldPolicy, PolicyCreate, PolicyUpdate } from '@/shared/schemas/page-shield-policy'
import { pageShieldKeys } from './keys'

export const policiesQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: [...pageShieldKeys.policies(zoneId), 'list'],
    queryFn: async ({ signal }) => (await api.list<PageShieldPolicy>(`/zones/${zoneId}/page_shield/policies`, { signal })).result,
  })
export const usePolicies = (zoneId: string) => useQuery(policiesQueryOptions(zoneId))

export const usePolicy = (zoneId: string, policyId: string | undefined) =>
  useQuery({
    queryKey: [...pageShieldKeys.policies(zoneId), 'detail', policyId],
    queryFn: ({ signal }) => api.get<PageShieldPolicy>(`/zones/${zoneId}/page_shield/policies/${policyId}`, { signal }),
    enabled: policyId !== undefined,
  })

function useInvalidatePolicies(zoneId: string) {
  const qc = useQueryClient()
  return () => qc.invalidateQueries({ queryKey: pageShieldKeys.policies(zoneId) })
}

export function useCreatePolicy(zoneId: string) {
  const invalidate = useInvalidatePolicies(zoneId)
  return useMutation({
    mutationFn: (input: PolicyCreate) => api.post<PageShieldPolicy>(`/zones/${zoneId}/page_shield/policies`, input),
    onSuccess: invalidate,
  })
}

export function useUpdatePolicy(zoneId: string) {
  const invalidate = useInvalidatePolicies(zoneId)
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PolicyUpdate }) =>
      api.put<PageShieldPolicy>(`/zones/${zoneId}/page_shield/policies/${id}`, input),
    onSuccess: invalidate,
  })
}

export function useDeletePolicy(zoneId: string) {
  const invalidate = useInvalidatePolicies(zoneId)
  return useMutation({
    // The API answers 204 with no body; the client reads that as no result.
    mutationFn: (id: string) => deletePolicy(zoneId, id),
    onSuccess: invalidate,
  })
}

/**
 * DELETE answers 204 with no body, which the shared api client reads as an error (it expects an
 * envelope), so this one call reads the response itself.
 */
async function deletePolicy(zoneId: string, id: string): Promise<void> {
  let res: Response
  try {
    res = await fetch(`/api/v4/zones/${zoneId}/page_shield/policies/${id}`, {
      method: 'DELETE',
      headers: { 'X-Zonekeeper-Request': '1', Accept: 'application/json' },
      credentials: 'same-origin',
    })
  } catch {
    throw new ApiRequestError(0, [
      { code: NETWORK_ERROR_CODE, message: 'Could not reach the Zonekeeper server. Check that it is running and try again.' },
    ])
  }
  if (res.ok) return
  let errors: ApiErrorItem[] = []
  try {
    errors = ((await res.json()) as { errors?: ApiErrorItem[] }).errors ?? []
  } catch {
    // no envelope: ApiRequestError describes the HTTP status
  }
  throw new ApiRequestError(res.status, errors)
}
