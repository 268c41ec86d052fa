import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { notificationPolicySchema, type NotificationPolicy } from '@/shared/schemas/alerting'

export const getNotificationPolicies = async (accountId: string, signal?: AbortSignal): Promise<NotificationPolicy[]> =>
  (await api.list<NotificationPolicy>(`/accounts/${accountId}/alerting/v3/policies`, { schema: notificationPolicySchema, signal })).result

export const notificationPoliciesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['lb-policies', accountId],
    queryFn: ({ signal }) => getNotificationPolicies(accountId, signal),
    enabled: !!accountId,
  })

export const useNotificationPolicies = (accountId: string) => useQuery(notificationPoliciesQueryOptions(accountId))
