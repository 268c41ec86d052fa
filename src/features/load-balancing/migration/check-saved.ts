import type { NotificationPolicy } from '@/shared/schemas/alerting'
import type { Pool } from '@/shared/schemas/load-balancing'
import type { MigrationState } from '@/shared/schemas/load-balancing-migration'

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * Whether a saved migration still describes the account, read just now: every
 * policy it recorded still exists, and a finished one left no pool with a legacy e-mail. Returns
 * why not (a sentence), or undefined when it matches. The saved copy never wins over the account as read.
 */
export function savedMigrationMismatch(
  state: MigrationState,
  pools: readonly Pick<Pool, 'notification_email'>[],
  policies: readonly Pick<NotificationPolicy, 'id'>[],
): string | undefined {
  const ids = new Set(policies.map((p) => p.id))
  const gone = state.groups.filter((g) => g.policyId !== undefined && !ids.has(g.policyId)).length
  const legacy = pools.filter((p) => p.notification_email.trim() !== '').length
  const problems: string[] = []
  if (gone > 0) problems.push(`${count(gone, 'policy it created is', 'policies it created are')} gone`)
  if (state.step === 'done' && legacy > 0) problems.push(`${count(legacy, 'pool has', 'pools have')} a legacy e-mail again`)
  if (problems.length === 0) return undefined
  return `The saved migration no longer matches the account: ${problems.join(' and ')} (the sandbox was reset, or someone changed them). It was set aside; plan the migration again to see what is left.`
}
