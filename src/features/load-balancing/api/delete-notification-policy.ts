import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const deleteNotificationPolicy = (accountId: string, policyId: string) => api.delete(`/accounts/${accountId}/alerting/v3/policies/${policyId}`)

export function useDeleteNotificationPolicy(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policyId: string) => deleteNotificationPolicy(accountId, policyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lb-policies', accountId] }),
  })
}
