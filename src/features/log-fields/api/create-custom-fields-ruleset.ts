import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { LOG_CUSTOM_FIELDS_PHASE } from '@/shared/log-fields/limits'
import type { RulesetCreate } from '@/shared/schemas/ruleset'
import { keys } from '@/lib/query-keys'

/** Creates the zone's entry-point ruleset for custom fields (the specification's first step). */
export const createCustomFieldsRuleset = async (zoneId: string) => {
  // The answer's schema (zod) loads on this first write, not with the page (first-load budget).
  const { rulesetSchema } = await import('@/shared/schemas/ruleset')
  const body: RulesetCreate = {
    name: 'default',
    kind: 'zone',
    phase: LOG_CUSTOM_FIELDS_PHASE,
    description: 'Log custom fields of this zone',
  }
  return api.post(apiPath('/zones/:zone_id/rulesets', { zone_id: zoneId }), body, { schema: rulesetSchema })
}

export function useCreateCustomFieldsRuleset(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => createCustomFieldsRuleset(zoneId),
    onSuccess: (ruleset) => {
      qc.setQueryData(keys.rulesets.entrypoint(zoneId, LOG_CUSTOM_FIELDS_PHASE), ruleset)
      void qc.invalidateQueries({ queryKey: keys.rulesets.all(zoneId) })
    },
  })
}
