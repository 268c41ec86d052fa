import { LOG_CUSTOM_FIELD_ACTION, MAX_CUSTOM_FIELDS } from '@/shared/log-fields/limits'
import { ruleListIssues, type Rule, type RuleInput } from '@/shared/schemas/ruleset'
import { countCustomFields, customFieldBudgetMessage, logCustomFieldParamsSchema, type CustomFieldListKey, type LogCustomFieldParams } from '@/shared/schemas/ruleset-log-custom-fields'

/**
 * The editing model of the custom-fields page: the three lists of the ruleset's first
 * log_custom_field rule. Every other rule, and the lists this page does not edit
 * (transformed_request_fields, raw_response_fields), are sent back unchanged on save.
 */
export type EditedKey = 'request_fields' | 'response_fields' | 'cookie_fields'
export const EDITED_KEYS: readonly EditedKey[] = ['request_fields', 'response_fields', 'cookie_fields']
export type FieldLists = Record<EditedKey, string[]>

export const EMPTY_LISTS: FieldLists = { request_fields: [], response_fields: [], cookie_fields: [] }

/** Index of the rule this page edits, or -1 when the ruleset has none yet. */
export const editedRuleIndex = (rules: readonly Rule[]): number => rules.findIndex((r) => r.action === LOG_CUSTOM_FIELD_ACTION)

function paramsOf(rule: Rule | undefined): LogCustomFieldParams {
  const parsed = logCustomFieldParamsSchema.safeParse(rule?.action_parameters ?? {})
  return parsed.success ? parsed.data : {}
}

export function listsOf(rules: readonly Rule[]): FieldLists {
  const params = paramsOf(rules[editedRuleIndex(rules)])
  return {
    request_fields: params.request_fields?.map((f) => f.name) ?? [],
    response_fields: params.response_fields?.map((f) => f.name) ?? [],
    cookie_fields: params.cookie_fields?.map((f) => f.name) ?? [],
  }
}

/** A rule as sent back: the fields a client may send, read-only ones left out. */
const asInput = (r: Rule): RuleInput => ({
  id: r.id,
  action: r.action as RuleInput['action'],
  expression: r.expression,
  description: r.description,
  enabled: r.enabled,
  ref: r.ref,
  ...(r.action_parameters !== undefined && { action_parameters: r.action_parameters }),
  ...(r.logging !== undefined && { logging: r.logging }),
})

/**
 * Every rule of the ruleset for the PUT (which replaces them all): the edited rule with the new
 * lists, the others as they were. Empty lists are left out; a rule left with no list is dropped.
 */
export function rulesForSave(rules: readonly Rule[], lists: FieldLists): RuleInput[] {
  const index = editedRuleIndex(rules)
  const old = rules[index]
  const kept = paramsOf(old)
  const params: Record<string, { name: string }[]> = {}
  for (const key of ['request_fields', 'transformed_request_fields', 'response_fields', 'raw_response_fields', 'cookie_fields'] as const) {
    const names = (EDITED_KEYS as readonly string[]).includes(key) ? lists[key as EditedKey] : (kept[key]?.map((f) => f.name) ?? [])
    const previous = new Map((kept[key] ?? []).map((f) => [f.name, f]))
    if (names.length > 0) params[key] = names.map((name) => previous.get(name) ?? { name })
  }
  const empty = Object.keys(params).length === 0
  const edited: RuleInput | null = empty
    ? null
    : old
      ? { ...asInput(old), action_parameters: params }
      : { action: LOG_CUSTOM_FIELD_ACTION, expression: 'true', description: 'Log custom fields', enabled: true, action_parameters: params }
  const out = rules.map((r, i) => (i === index ? edited : asInput(r))).filter((r): r is RuleInput => r !== null)
  if (index === -1 && edited) out.push(edited)
  return out
}

/** Custom fields the rules name in total, across every log_custom_field rule (what the 40-field budget counts). */
export function totalCustomFields(rules: readonly RuleInput[]): number {
  return rules
    .filter((r) => r.action === LOG_CUSTOM_FIELD_ACTION)
    .reduce((n, r) => {
      const parsed = logCustomFieldParamsSchema.safeParse(r.action_parameters ?? {})
      return n + (parsed.success ? countCustomFields(parsed.data) : 0)
    }, 0)
}

/**
 * Why `name` cannot be added to list `key`, or null. Runs the same shared rules the server runs
 * (Range, lower case, duplicates, the 40-field budget) on the rules as they would be saved.
 */
export function addProblem(rules: readonly Rule[], lists: FieldLists, key: EditedKey, name: string): string | null {
  const keyOf = (i: { path: (string | number)[]; message: string }) => `${i.path.join('/')}|${i.message}`
  const before = new Set(ruleListIssues(rulesForSave(rules, lists)).map(keyOf))
  const next = rulesForSave(rules, { ...lists, [key]: [...lists[key], name] })
  const after = ruleListIssues(next)
  // Adding appends to one list, so earlier pointers do not move: any issue not seen before is the new name's.
  const issue = after.find((i) => !before.has(keyOf(i)))
  if (!issue) return null
  // The budget: the name being added is the one too many, whichever list the count passes 40 in.
  const total = totalCustomFields(next)
  return total > MAX_CUSTOM_FIELDS &&
    total > totalCustomFields(rulesForSave(rules, lists)) &&
    issue.message.startsWith('A zone can log at most')
    ? customFieldBudgetMessage(total, name)
    : issue.message
}

export interface ListDiff {
  key: CustomFieldListKey
  added: string[]
  removed: string[]
}

/** What changes per list between the saved lists and the edited ones. */
export function diffLists(before: FieldLists, after: FieldLists): ListDiff[] {
  return EDITED_KEYS.map((key) => ({
    key,
    added: after[key].filter((n) => !before[key].includes(n)),
    removed: before[key].filter((n) => !after[key].includes(n)),
  })).filter((d) => d.added.length > 0 || d.removed.length > 0)
}
