import { LOG_CUSTOM_FIELD_ACTION, type CustomFieldOutput } from '@/shared/log-fields/limits'
import type { Rule } from '@/shared/schemas/ruleset'

/** The `name` of each entry of a list; anything else is skipped. */
const names = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((f: { name?: unknown } | null) => f?.name).filter((n): n is string => typeof n === 'string') : []

/**
 * The custom fields each output object carries, for the job form's notes: the lists of the first
 * log_custom_field rule, the rule the custom-fields page edits (what `listsOf` reads there).
 * Read without zod so the form's first load stays light; the lists were checked when saved.
 */
export function carriedFields(rules: readonly Rule[]): Record<CustomFieldOutput, string[]> {
  const params = rules.find((r) => r.action === LOG_CUSTOM_FIELD_ACTION)?.action_parameters ?? {}
  return {
    RequestHeaders: names(params.request_fields),
    ResponseHeaders: names(params.response_fields),
    Cookies: names(params.cookie_fields),
  }
}
