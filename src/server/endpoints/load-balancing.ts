import { notificationPolicyInputSchema } from '../../shared/schemas/alerting'
import { poolsClearEmailBodySchema } from '../../shared/schemas/load-balancing'
import type { Endpoint } from './types'

/** Account pools (read, and the bulk clearing of the legacy e-mail) and notification policies. */
export const loadBalancingEndpoints: Endpoint[] = [
  { method: 'GET', path: '/accounts/:account_id/load_balancers/pools' },
  { method: 'GET', path: '/accounts/:account_id/load_balancers/pools/:pool_id' },
  { method: 'PATCH', path: '/accounts/:account_id/load_balancers/pools', body: poolsClearEmailBodySchema },
  { method: 'GET', path: '/accounts/:account_id/alerting/v3/policies' },
  { method: 'POST', path: '/accounts/:account_id/alerting/v3/policies', body: notificationPolicyInputSchema, validationCode: 17001 },
  { method: 'GET', path: '/accounts/:account_id/alerting/v3/policies/:policy_id' },
  { method: 'DELETE', path: '/accounts/:account_id/alerting/v3/policies/:policy_id' },
]
