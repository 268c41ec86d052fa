import { z } from 'zod'
import { createdPolicySchema, notificationPolicyInputSchema, notificationPolicySchema } from '../schemas/alerting'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Notification policies of an account (alerting v3): the health alerts that replace the pools' legacy e-mail. */
export const alertingEndpoints = declare('alerting', [
  {
    method: 'GET',
    path: '/accounts/:account_id/alerting/v3/policies',
    result: lazySchema(() => z.array(notificationPolicySchema)),
  },
  {
    method: 'POST',
    path: '/accounts/:account_id/alerting/v3/policies',
    body: notificationPolicyInputSchema,
    validationCode: 17001,
    result: createdPolicySchema,
    audit: { type: 'notification_policy', area: 'load-balancing' },
  },
  { method: 'GET', path: '/accounts/:account_id/alerting/v3/policies/:policy_id', result: notificationPolicySchema },
  {
    method: 'DELETE',
    path: '/accounts/:account_id/alerting/v3/policies/:policy_id',
    result: createdPolicySchema,
    audit: { type: 'notification_policy', area: 'load-balancing' },
  },
])
