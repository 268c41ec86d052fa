import { z } from 'zod'
import { MAX_CUSTOM_FIELDS, UNSUPPORTED_REQUEST_HEADER } from '../log-fields/limits'
import { lazySchema } from './lazy'

/**
 * The custom-field rule of phase http_log_custom_fields (action log_custom_field): which request
 * headers, response headers and cookies the service adds to the zone's log entries.
 * The rules below are the specification's, shared by the proxy, the sandbox and the form.
 */

/** Error code for a rule that breaks these rules. The real code is undocumented; chosen here. */
export const RULESET_VALIDATION_CODE = 20200

export const customFieldListKeys = [
  'request_fields',
  'transformed_request_fields',
  'response_fields',
  'raw_response_fields',
  'cookie_fields',
] as const
export type CustomFieldListKey = (typeof customFieldListKeys)[number]

/** Which side a list logs: request headers, response headers or cookies. */
export type CustomFieldKind = 'request' | 'response' | 'cookie'
export const customFieldKindOf: Record<CustomFieldListKey, CustomFieldKind> = {
  request_fields: 'request',
  transformed_request_fields: 'request',
  response_fields: 'response',
  raw_response_fields: 'response',
  cookie_fields: 'cookie',
}

const nameSchema = lazySchema(() => z.string().min(1, 'Enter a name.'))
const fieldSchema = lazySchema(() => z.object({ name: nameSchema }))
const responseFieldSchema = lazySchema(() => z.object({ name: nameSchema, preserve_duplicates: z.boolean().optional() }))
const list = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'Leave the list out rather than sending it empty.').optional()

export const logCustomFieldParamsSchema = lazySchema(() =>
  z.object({
    request_fields: list(fieldSchema),
    transformed_request_fields: list(fieldSchema),
    response_fields: list(responseFieldSchema),
    raw_response_fields: list(responseFieldSchema),
    cookie_fields: list(fieldSchema),
  }),
)
export type LogCustomFieldParams = z.infer<typeof logCustomFieldParamsSchema>

/** An HTTP header name (RFC 9110 token). */
const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** A cookie name (RFC 6265: a token as well; no spaces, separators, "=" or ";"). */
const COOKIE_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * What is wrong with one name in one list, or null. Header names must be lower case (the service
 * stores headers that way); cookie names are case sensitive, so they are kept exactly as given.
 */
export function customFieldNameProblem(key: CustomFieldListKey, name: string): string | null {
  if (name === '') return 'Enter a name.'
  const kind = customFieldKindOf[key]
  if (kind === 'cookie') {
    return COOKIE_TOKEN.test(name)
      ? null
      : `"${name}" is not a valid cookie name: no spaces, quotes, commas, semicolons, "=" or other separators.`
  }
  if (kind === 'request' && name.toLowerCase() === UNSUPPORTED_REQUEST_HEADER) {
    return 'The Range request header cannot be logged: the service does not support it as a custom field.'
  }
  if (!HEADER_TOKEN.test(name)) {
    return `"${name}" is not a valid header name: letters, digits and - _ . ! # $ % & ' * + ^ \` | ~ only, without spaces or a colon.`
  }
  if (name !== name.toLowerCase()) return `Header names must be lower case: use "${name.toLowerCase()}".`
  return null
}

export interface RuleIssue {
  path: (string | number)[]
  message: string
}

export interface CustomFieldRuleInput {
  action?: string
  expression?: string
  action_parameters?: unknown
}

const kindLabel: Record<CustomFieldKind, string> = {
  request: 'request header',
  response: 'response header',
  cookie: 'cookie',
}

/**
 * Every rule-level problem of the log_custom_field rules in a rule list (pointers start at
 * `rules`): expression `true`, at least one list, each name, duplicates (a header may be logged
 * raw or transformed, not both) and the zone's budget of MAX_CUSTOM_FIELDS fields in total.
 */
export function logCustomFieldRuleIssues(rules: readonly CustomFieldRuleInput[]): RuleIssue[] {
  const issues: RuleIssue[] = []
  const seen = new Map<string, string>()
  let total = 0
  let budgetPath: RuleIssue['path'] | undefined
  rules.forEach((rule, r) => {
    if (rule.action !== 'log_custom_field') return
    const base = ['rules', r]
    if (rule.expression !== 'true') {
      issues.push({
        path: [...base, 'expression'],
        message: 'The expression of a custom-field rule must be exactly "true": custom fields apply to every request.',
      })
    }
    const parsed = logCustomFieldParamsSchema.safeParse(rule.action_parameters ?? {})
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        issues.push({ path: [...base, 'action_parameters', ...i.path.map(pathKey)], message: i.message })
      return
    }
    const params = parsed.data
    if (
      !params.request_fields &&
      !params.response_fields &&
      !params.cookie_fields &&
      !params.transformed_request_fields &&
      !params.raw_response_fields
    ) {
      issues.push({
        path: [...base, 'action_parameters'],
        message:
          'Select at least one request header, response header or cookie (request_fields, response_fields or cookie_fields).',
      })
      return
    }
    for (const key of customFieldListKeys) {
      params[key]?.forEach((field, f) => {
        const path = [...base, 'action_parameters', key, f, 'name']
        const problem = customFieldNameProblem(key, field.name)
        if (problem) issues.push({ path, message: problem })
        const kind = customFieldKindOf[key]
        const slot = `${kind}:${kind === 'cookie' ? field.name : field.name.toLowerCase()}`
        const first = seen.get(slot)
        if (first) {
          issues.push({
            path,
            message: `The ${kindLabel[kind]} "${field.name}" is already listed (${first}); each is logged once.`,
          })
          return
        }
        seen.set(slot, `${key} of rule ${r + 1}`)
        total += 1
        if (total > MAX_CUSTOM_FIELDS) budgetPath ??= path
      })
    }
  })
  // The pointer is the first field past the budget in list order; the message names no field, as the
  // one past the budget in that order is not necessarily the one just added.
  if (budgetPath) issues.push({ path: budgetPath, message: customFieldBudgetMessage(total) })
  return issues
}

/** The 40-field budget in words: with `added`, names the field being added as the one too many. */
export function customFieldBudgetMessage(total: number, added?: string): string {
  const head = `A zone can log at most ${MAX_CUSTOM_FIELDS} custom fields in total across request headers, response headers and cookies`
  return added === undefined
    ? `${head}; these rules name ${total}. Remove ${total - MAX_CUSTOM_FIELDS} to save.`
    : `${head}; "${added}" would be field ${total}. Remove another field first.`
}

/** Number of distinct custom fields the rules name (what the 40-field budget counts). */
export function countCustomFields(params: LogCustomFieldParams): number {
  return customFieldListKeys.reduce((n, key) => n + (params[key]?.length ?? 0), 0)
}

const pathKey = (p: PropertyKey): string | number => (typeof p === 'number' ? p : String(p))
