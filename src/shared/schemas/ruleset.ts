import { z } from 'zod'
import { LOG_CUSTOM_FIELD_ACTION, LOG_CUSTOM_FIELDS_PHASE } from '../log-fields/limits'
import { logCustomFieldRuleIssues, RULESET_VALIDATION_CODE, type RuleIssue } from './ruleset-log-custom-fields'
import { lazySchema } from './lazy'

/** Rulesets (api-notes §6): zone rulesets, their rules, phase entry points. */

export const rulesetKinds = ['managed', 'custom', 'root', 'zone'] as const
export const rulesetKindSchema = lazySchema(() => z.enum(rulesetKinds))

export const rulesetPhases = [
  'ddos_l4',
  'ddos_l7',
  'http_config_settings',
  'http_custom_errors',
  'http_log_custom_fields',
  'http_ratelimit',
  'http_request_cache_settings',
  'http_request_dynamic_redirect',
  'http_request_firewall_custom',
  'http_request_firewall_managed',
  'http_request_late_transform',
  'http_request_origin',
  'http_request_redirect',
  'http_request_sanitize',
  'http_request_sbfm',
  'http_request_transform',
  'http_response_cache_settings',
  'http_response_compression',
  'http_response_firewall_managed',
  'http_response_headers_transform',
  'magic_transit',
  'magic_transit_ids_managed',
  'magic_transit_managed',
  'magic_transit_ratelimit',
] as const
export const rulesetPhaseSchema = lazySchema(() => z.enum(rulesetPhases))

export const ruleActions = [
  'block',
  'challenge',
  'compress_response',
  'ddos_dynamic',
  'execute',
  'force_connection_close',
  'js_challenge',
  'log',
  'log_custom_field',
  'managed_challenge',
  'redirect',
  'rewrite',
  'route',
  'score',
  'serve_error',
  'set_cache_control',
  'set_cache_settings',
  'set_cache_tags',
  'set_config',
  'skip',
  'transform_response_html',
] as const
export const ruleActionSchema = lazySchema(() =>
  z.enum(ruleActions, {
    error: (issue) =>
      issue.input === undefined
        ? 'action is required (for example block or log).'
        : `action must be one of ${ruleActions.join(', ')}.`,
  }),
)

const HEX32 = /^[0-9a-f]{32}$/

/** A rule as a client sends it. Read-only fields (version, last_updated, categories) are ignored. */
export const ruleInputSchema = lazySchema(() =>
  z.object({
    id: z.string().regex(HEX32, 'A rule id is 32 hexadecimal characters; leave it out for a new rule.').optional(),
    action: ruleActionSchema,
    action_parameters: z.record(z.string(), z.unknown()).optional(),
    expression: z
      .string({ error: 'expression is required: the filter that selects the traffic.' })
      .min(1, 'Enter the expression that selects the traffic.'),
    description: z.string().optional(),
    enabled: z.boolean().optional(),
    ref: z.string().min(1, 'A ref cannot be empty; leave it out to use the rule id.').optional(),
    logging: z.object({ enabled: z.boolean() }).optional(),
  }),
)
export type RuleInput = z.infer<typeof ruleInputSchema>

interface IssueSink {
  addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[]; params: { code: number } }) => void
}

const report = (ctx: IssueSink, issues: RuleIssue[]) => {
  for (const i of issues)
    ctx.addIssue({ code: 'custom', message: i.message, path: i.path, params: { code: RULESET_VALIDATION_CODE } })
}

/** Rule-list problems that need no knowledge of the phase: duplicate ids/refs, custom-field rules. */
export function ruleListIssues(rules: readonly RuleInput[]): RuleIssue[] {
  const issues: RuleIssue[] = []
  const ids = new Set<string>()
  const refs = new Set<string>()
  rules.forEach((rule, i) => {
    if (rule.id) {
      if (ids.has(rule.id)) issues.push({ path: ['rules', i, 'id'], message: `Rule id ${rule.id} appears twice in the list.` })
      ids.add(rule.id)
    }
    const ref = rule.ref ?? rule.id
    if (ref) {
      if (refs.has(ref))
        issues.push({
          path: ['rules', i, 'ref'],
          message: `The ref "${ref}" is used by another rule of this ruleset; refs must be unique.`,
        })
      refs.add(ref)
    }
  })
  return [...issues, ...logCustomFieldRuleIssues(rules)]
}

/** Problems that depend on the ruleset's phase: the custom-fields phase takes log_custom_field rules only. */
export function phaseRuleIssues(phase: string, rules: readonly RuleInput[]): RuleIssue[] {
  const issues: RuleIssue[] = []
  rules.forEach((rule, i) => {
    if (phase === LOG_CUSTOM_FIELDS_PHASE && rule.action !== LOG_CUSTOM_FIELD_ACTION) {
      issues.push({
        path: ['rules', i, 'action'],
        message: `Rules of the ${LOG_CUSTOM_FIELDS_PHASE} phase must use the action ${LOG_CUSTOM_FIELD_ACTION}.`,
      })
    } else if (phase !== LOG_CUSTOM_FIELDS_PHASE && rule.action === LOG_CUSTOM_FIELD_ACTION) {
      issues.push({
        path: ['rules', i, 'action'],
        message: `The action ${LOG_CUSTOM_FIELD_ACTION} belongs to the ${LOG_CUSTOM_FIELDS_PHASE} phase only.`,
      })
    }
  })
  return issues
}

/** POST /zones/:zone_id/rulesets. */
export const rulesetCreateSchema = lazySchema(() =>
  z
    .object({
      name: z.string().min(1, 'Give the ruleset a name.'),
      kind: rulesetKindSchema,
      phase: rulesetPhaseSchema,
      description: z.string().optional(),
      rules: z.array(ruleInputSchema).optional(),
    })
    .superRefine((body, ctx) => {
      report(ctx, ruleListIssues(body.rules ?? []))
      report(ctx, phaseRuleIssues(body.phase, body.rules ?? []))
    }),
)
export type RulesetCreate = z.infer<typeof rulesetCreateSchema>

/**
 * PUT /zones/:zone_id/rulesets/:id: replaces the description (when sent) and every rule; a missing
 * `rules` means no rules, as on the real service. name/kind/phase may be repeated but not changed.
 */
export const rulesetUpdateSchema = lazySchema(() =>
  z
    .object({
      name: z.string().min(1).optional(),
      kind: rulesetKindSchema.optional(),
      phase: rulesetPhaseSchema.optional(),
      description: z.string().optional(),
      rules: z.array(ruleInputSchema).optional(),
    })
    .superRefine((body, ctx) => report(ctx, ruleListIssues(body.rules ?? []))),
)

/** The update schema plus the rules of the ruleset's phase (the server knows the phase). */
export const rulesetUpdateForPhaseSchema = (phase: string) =>
  rulesetUpdateSchema.superRefine((body, ctx) => report(ctx, phaseRuleIssues(phase, body.rules ?? [])))

/* ---- What the API answers ---- */

export const ruleSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    version: z.string(),
    action: z.string(),
    action_parameters: z.record(z.string(), z.unknown()).optional(),
    expression: z.string(),
    description: z.string().optional(),
    enabled: z.boolean(),
    ref: z.string().optional(),
    logging: z.object({ enabled: z.boolean() }).optional(),
    categories: z.array(z.string()).optional(),
    last_updated: z.string(),
  }),
)
export type Rule = z.infer<typeof ruleSchema>

export const rulesetSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    kind: z.string(),
    phase: z.string(),
    version: z.string(),
    last_updated: z.string(),
    /** Absent in the list view. */
    rules: z.array(ruleSchema).optional(),
  }),
)
export type Ruleset = z.infer<typeof rulesetSchema>
