import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { PageShieldPolicy, PolicyCreate, PolicyUpdate } from '@/shared/schemas/page-shield-policy'
import { keys } from '@/lib/query-keys'

export const policiesQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.pageShield.policyList(zoneId),
    queryFn: async ({ signal }) =>
      (await api.list<PageShieldPolicy>(apiPath('/zones/:zone_id/page_shield/policies', { zone_id: zoneId }), { signal })).result,
  })
export const usePolicies = (zoneId: string) => useQuery(policiesQueryOptions(zoneId))

export const usePolicy = (zoneId: string, policyId: string | undefined) =>
  useQuery({
    queryKey: keys.pageShield.policy(zoneId, policyId),
    queryFn: ({ signal }) =>
      api.get<PageShieldPolicy>(
        apiPath('/zones/:zone_id/page_shield/policies/:policy_id', { zone_id: zoneId, policy_id: policyId ?? '' }),
        { signal },
      ),
    enabled: policyId !== undefined,
  })

function useInvalidatePolicies(zoneId: string) {
  const qc = useQueryClient()
  return () => qc.invalidateQueries({ queryKey: keys.pageShield.policies(zoneId) })
}

export function useCreatePolicy(zoneId: string) {
  const invalidate = useInvalidatePolicies(zoneId)
  return useMutation({
    mutationFn: (input: PolicyCreate) =>
      api.post<PageShieldPolicy>(apiPath('/zones/:zone_id/page_shield/policies', { zone_id: zoneId }), input),
    onSuccess: invalidate,
  })
}

export function useUpdatePolicy(zoneId: string) {
  const invalidate = useInvalidatePolicies(zoneId)
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PolicyUpdate }) =>
      api.put<PageShieldPolicy>(
        apiPath('/zones/:zone_id/page_shield/policies/:policy_id', { zone_id: zoneId, policy_id: id }),
        input,
      ),
    onSuccess: invalidate,
  })
}

export function useDeletePolicy(zoneId: string) {
  const invalidate = useInvalidatePolicies(zoneId)
  return useMutation({
    // The API answers 204 with no body; the client reads that as a null result.
    mutationFn: (id: string) =>
      api.delete<null>(apiPath('/zones/:zone_id/page_shield/policies/:policy_id', { zone_id: zoneId, policy_id: id })),
    onSuccess: invalidate,
  })
}
