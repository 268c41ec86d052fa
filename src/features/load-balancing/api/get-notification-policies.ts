import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import { api, apiPath } from '@/lib/api-client'
import type { NotificationPolicy } from '@/shared/schemas/alerting'
import { keys } from '@/lib/query-keys'

/**
 * The account's notification policies. `schema` (the shared `notificationPolicySchema`) parses each:
 * the migration passes it; the policies list does not, to keep zod out of the page's first load.
 */
export const getNotificationPolicies = async (
  accountId: string,
  signal?: AbortSignal,
  schema?: ZodType<NotificationPolicy>,
  work?: boolean,
): Promise<NotificationPolicy[]> =>
  (
    await api.list<NotificationPolicy>(apiPath('/accounts/:account_id/alerting/v3/policies', { account_id: accountId }), {
      schema,
      signal,
      work,
    })
  ).result

export const notificationPoliciesQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: keys.lb.policies(accountId),
    queryFn: ({ signal }) => getNotificationPolicies(accountId, signal),
    enabled: !!accountId,
  })

export const useNotificationPolicies = (accountId: string) => useQuery(notificationPoliciesQueryOptions(accountId))
