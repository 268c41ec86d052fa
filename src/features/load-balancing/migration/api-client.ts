import { notificationPolicySchema } from '@/shared/schemas/alerting'
import { poolSchema } from '@/shared/schemas/load-balancing'
import { clearPoolEmailsPage } from '../api/clear-pool-emails'
import { createNotificationPolicy } from '../api/create-notification-policy'
import { getNotificationPolicies } from '../api/get-notification-policies'
import { getPoolsPage } from '../api/get-pools'
import { waitingOutRateLimit } from '@/lib/rate-limit-wait'
import type { MigrationClient } from './run-migration'

/**
 * The migration's calls through the dashboard's API client; what it reads is parsed by the shared
 * schemas. They are long work (the server keeps the reserve for people's page reads from them);
 * each call refused for the API's rate limit waits out its retry-after (`onWait` counts it
 * down) and is sent again; cancelling ends the wait.
 */
export const apiMigrationClient = (accountId: string, onWait?: (secondsLeft: number | null) => void): MigrationClient => {
  const paced = <R>(signal: AbortSignal | undefined, run: () => Promise<R>) => waitingOutRateLimit(run, { signal, onWait })
  return {
    listPools: (page, perPage, signal) =>
      paced(signal, async () => {
        const { result, resultInfo } = await getPoolsPage(accountId, page, perPage, signal, poolSchema, true)
        return { result, totalCount: resultInfo.total_count }
      }),
    listPolicies: (signal) => paced(signal, () => getNotificationPolicies(accountId, signal, notificationPolicySchema, true)),
    createPolicy: (input, signal) => paced(signal, () => createNotificationPolicy(accountId, input, signal, true)),
    clearPage: (page, perPage, signal) => paced(signal, () => clearPoolEmailsPage(accountId, page, perPage, signal, true)),
  }
}
