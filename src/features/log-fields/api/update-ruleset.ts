import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { rulesetSchema, type RuleInput } from '@/shared/schemas/ruleset'

/** PUT: replaces every rule of the ruleset with `rules` and creates a new version. */
export const updateRuleset = (zoneId: string, rulesetId: string, rules: RuleInput[]) =>
  api.put(`/zones/${zoneId}/rulesets/${rulesetId}`, { rules }, { schema: rulesetSchema })

export function useUpdateRuleset(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ rulesetId, rules }: { rulesetId: string; rules: RuleInput[] }) => updateRuleset(zoneId, rulesetId, rules),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['rulesets', zoneId] }),
  })
}
