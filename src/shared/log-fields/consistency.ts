import { CUSTOM_FIELD_OUTPUTS, LOG_CUSTOM_FIELD_ACTION, type CustomFieldOutput } from './limits'

/**
 * Log jobs receive custom fields only through the object fields RequestHeaders, ResponseHeaders
 * and Cookies. These helpers say which of them the configured rules need, and which a job lacks.
 */

interface RuleLike {
  action?: string
  enabled?: boolean
  action_parameters?: unknown
}

const hasItems = (params: Record<string, unknown>, key: string) => Array.isArray(params[key]) && (params[key] as unknown[]).length > 0

/** The output fields a job must list to carry the custom fields of these rules (enabled rules only). */
export function requiredCustomFieldOutputs(rules: readonly RuleLike[]): CustomFieldOutput[] {
  const needed = new Set<CustomFieldOutput>()
  for (const rule of rules) {
    if (rule.action !== LOG_CUSTOM_FIELD_ACTION || rule.enabled === false) continue
    const p = (rule.action_parameters ?? {}) as Record<string, unknown>
    if (hasItems(p, 'request_fields') || hasItems(p, 'transformed_request_fields')) needed.add(CUSTOM_FIELD_OUTPUTS.request)
    if (hasItems(p, 'response_fields') || hasItems(p, 'raw_response_fields')) needed.add(CUSTOM_FIELD_OUTPUTS.response)
    if (hasItems(p, 'cookie_fields')) needed.add(CUSTOM_FIELD_OUTPUTS.cookie)
  }
  const order = Object.values(CUSTOM_FIELD_OUTPUTS)
  return order.filter((o) => needed.has(o))
}

interface JobLike {
  dataset?: string | null
  output_options?: { field_names?: string[] } | null
}

/**
 * The custom-field outputs a job would drop. Only http_requests jobs carry custom fields; a job
 * without field_names is left alone (it has no explicit list to fix).
 */
export function missingCustomFieldOutputs(job: JobLike, required: readonly CustomFieldOutput[]): CustomFieldOutput[] {
  if ((job.dataset ?? 'http_requests') !== 'http_requests') return []
  const names = job.output_options?.field_names
  if (!names) return []
  return required.filter((r) => !names.includes(r))
}

/** field_names with the missing outputs appended (the one-click fix). */
export function withCustomFieldOutputs(names: readonly string[], missing: readonly CustomFieldOutput[]): string[] {
  return [...names, ...missing.filter((m) => !names.includes(m))]
}
