import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import type { RuleInput } from '@/shared/schemas/ruleset'
import { keys } from '@/lib/query-keys'

/** PUT: replaces every rule of the ruleset with `rules` and creates a new version. */
// The answer's schema (zod) loads with the first save, not with the page (first-load budget).
export const updateRuleset = async (zoneId: string, rulesetId: string, rules: RuleInput[]) => {
  const { rulesetSchema } = await import('@/shared/schemas/ruleset')
  return api.put(
    apiPath('/zones/:zone_id/rulesets/:ruleset_id', { zone_id: zoneId, ruleset_id: rulesetId }),
    { rules },
    { schema: rulesetSchema },
  )
}

export function useUpdateRuleset(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ rulesetId, rules }: { rulesetId: string; rules: RuleInput[] }) => updateRuleset(zoneId, rulesetId, rules),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.rulesets.all(zoneId) }),
  })
}
