import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, apiPath, ApiRequestError } from '@/lib/api-client'
import { LOG_CUSTOM_FIELDS_PHASE } from '@/shared/log-fields/limits'
import type { Ruleset } from '@/shared/schemas/ruleset'
import { keys } from '@/lib/query-keys'

/*
 * Typed by the shared schema but not parsed with it in the browser (as DNS records and zones):
 * parsing would put zod (~25 KB gzip) in the log pages' first load, and the dashboard's own
 * server is the one answering. The schema has no defaults or transforms to miss.
 */

/**
 * The zone's entry-point ruleset of phase http_log_custom_fields, or null when the zone has none
 * yet (the API answers 404, code 10003, "could not find entrypoint ruleset").
 */
export async function getCustomFieldsRuleset(zoneId: string, signal?: AbortSignal): Promise<Ruleset | null> {
  try {
    return await api.get<Ruleset>(
      apiPath('/zones/:zone_id/rulesets/phases/:phase/entrypoint', { zone_id: zoneId, phase: LOG_CUSTOM_FIELDS_PHASE }),
      { signal },
    )
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404 && err.errors.some((e) => e.code === 10003)) return null
    throw err
  }
}

export const customFieldsRulesetQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.rulesets.entrypoint(zoneId, LOG_CUSTOM_FIELDS_PHASE),
    queryFn: ({ signal }) => getCustomFieldsRuleset(zoneId, signal),
  })

export const useCustomFieldsRuleset = (zoneId: string) => useQuery(customFieldsRulesetQueryOptions(zoneId))
