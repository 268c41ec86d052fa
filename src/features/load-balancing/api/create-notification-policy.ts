import { api } from '@/lib/api-client'
import { createdPolicySchema, type NotificationPolicyInput } from '@/shared/schemas/alerting'

/** `POST /accounts/:id/alerting/v3/policies` → `{id}`. */
export const createNotificationPolicy = (accountId: string, input: NotificationPolicyInput, signal?: AbortSignal) =>
  api.post(`/accounts/${accountId}/alerting/v3/policies`, input, { schema: createdPolicySchema, signal })
