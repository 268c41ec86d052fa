import { notificationPolicySchema } from '@/shared/schemas/alerting'
import { poolSchema } from '@/shared/schemas/load-balancing'
import { clearPoolEmailsPage } from '../api/clear-pool-emails'
import { createNotificationPolicy } from '../api/create-notification-policy'
import { getNotificationPolicies } from '../api/get-notification-policies'
import { getPoolsPage } from '../api/get-pools'
import type { MigrationClient } from './run-migration'

/** The migration's calls through the dashboard's API client; what it reads is parsed by the shared schemas. */
export const apiMigrationClient = (accountId: string): MigrationClient => ({
  listPools: async (page, perPage, signal) => {
    const { result, resultInfo } = await getPoolsPage(accountId, page, perPage, signal, poolSchema)
    return { result, totalCount: resultInfo.total_count }
  },
  listPolicies: (signal) => getNotificationPolicies(accountId, signal, notificationPolicySchema),
  createPolicy: (input, signal) => createNotificationPolicy(accountId, input, signal),
  clearPage: (page, perPage, signal) => clearPoolEmailsPage(accountId, page, perPage, signal),
})
