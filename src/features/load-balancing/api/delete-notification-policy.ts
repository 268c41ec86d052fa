import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

export const deleteNotificationPolicy = (accountId: string, policyId: string) =>
  api.delete(apiPath('/accounts/:account_id/alerting/v3/policies/:policy_id', { account_id: accountId, policy_id: policyId }))

export function useDeleteNotificationPolicy(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policyId: string) => deleteNotificationPolicy(accountId, policyId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.lb.policies(accountId) }),
  })
}
