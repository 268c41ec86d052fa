import { api, apiPath } from '@/lib/api-client'
import { createdPolicySchema, type NotificationPolicyInput } from '@/shared/schemas/alerting'

/** `POST /accounts/:id/alerting/v3/policies` → `{id}`. */
export const createNotificationPolicy = (accountId: string, input: NotificationPolicyInput, signal?: AbortSignal, work?: boolean) =>
  api.post(apiPath('/accounts/:account_id/alerting/v3/policies', { account_id: accountId }), input, {
    schema: createdPolicySchema,
    signal,
    work,
  })
