import { useQueryClient } from '@tanstack/react-query'
import { useBulkRunner } from '@/components/bulk/use-bulk-runner'
import type { FirewallRule } from '@/shared/schemas/firewall'
import { deleteRuleGroup, planDeleteBatches } from '../api/delete-firewall-rules'
import { ruleName } from './firewall-columns'
import { keys } from '@/lib/query-keys'

/**
 * Deletes rules in URL-safe groups (see planDeleteBatches) with the shared bulk runner: progress,
 * cancel between requests, and a result per rule.
 */
export function useDeleteRules(zoneId: string, batchSize: number) {
  const queryClient = useQueryClient()
  const runner = useBulkRunner<FirewallRule>({
    key: (r) => r.id,
    label: (r) => ruleName(r),
    perBatch: {
      size: batchSize,
      run: async (rules) => {
        const outcome = new Map<string, Error | null>()
        // Re-split: ids of unusual length could need a smaller group than the size estimate.
        for (const group of planDeleteBatches(zoneId, rules.map((r) => r.id))) {
          for (const [id, result] of await deleteRuleGroup(zoneId, group)) outcome.set(id, result)
        }
        return rules.map((r) => outcome.get(r.id) ?? null)
      },
    },
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.firewallRules.all(zoneId) })
  return { runner, refresh }
}

/** Requests a selection needs and the largest group: shown in the confirmation and used as batch size. */
export function deletePlanSummary(zoneId: string, ids: readonly string[]) {
  const batches = planDeleteBatches(zoneId, ids)
  return { requests: batches.length, batchSize: Math.max(1, ...batches.map((b) => b.length)) }
}
