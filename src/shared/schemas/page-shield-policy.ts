import { z } from 'zod'
import { parseCsp } from '../page-shield/csp'

export const POLICY_ACTIONS = ['log', 'allow'] as const
export const policyActionSchema = z.enum(POLICY_ACTIONS, {
  error: (iss) =>
    iss.input === undefined
      ? 'action is required: "log" or "allow".'
      : 'action must be "log" (report what the policy does not allow, block nothing) or "allow" (block everything the policy does not allow).',
})
export type PolicyAction = z.infer<typeof policyActionSchema>

/** What each action does, in the words the form and the list use. */
export const POLICY_ACTION_TEXT: Record<PolicyAction, string> = {
  log: 'Log: browsers report every script or connection the policy does not allow, and nothing is blocked. Use it to try a policy out.',
  allow:
    'Allow: browsers block every script or connection the policy does not allow, and report it. Visitors are affected at once.',
}

const required = (field: string, what: string) => (iss: { input: unknown }) =>
  iss.input === undefined ? `${field} is required.` : `${field} must be ${what}.`

/** The specification's sample sends enabled as the string "true"; the API's schema says boolean. Both are accepted. */
const enabledSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: required('enabled', 'true or false'),
})

const descriptionSchema = z
  .string({ error: required('description', 'text') })
  .trim()
  .min(1, 'description is required: say in a few words what the policy protects.')
  .max(500, 'description is at most 500 characters.')

const expressionSchema = z
  .string({ error: required('expression', 'text') })
  .trim()
  .min(1, 'expression is required: it selects the pages the policy applies to, for example http.host eq "www.example.com".')
  .max(4096, 'expression is at most 4096 characters.')

const valueSchema = z
  .string({ error: required('value', 'text') })
  .trim()
  .min(1, "value is required: the content-security-policy directives, for example script-src 'self'.")
  .max(4096, 'value is at most 4096 characters.')
  .superRefine((v, ctx) => {
    for (const problem of parseCsp(v).problems) ctx.addIssue({ code: 'custom', message: problem })
  })

const fields = {
  description: descriptionSchema,
  action: policyActionSchema,
  expression: expressionSchema,
  enabled: enabledSchema,
  value: valueSchema,
}

/** POST body: all five fields are required. */
export const policyCreateSchema = z.object(fields)
export type PolicyCreate = z.infer<typeof policyCreateSchema>
/** What the policy form edits (enabled as a real boolean). */
export type PolicyFormValues = z.input<typeof policyCreateSchema>

/** PUT body: any subset of the five fields. */
export const policyUpdateSchema = policyCreateSchema.partial()
export type PolicyUpdate = z.infer<typeof policyUpdateSchema>

export const pageShieldPolicySchema = z.object({
  id: z.string(),
  description: z.string(),
  action: z.string(),
  expression: z.string(),
  enabled: z.boolean(),
  value: z.string(),
})
export type PageShieldPolicy = z.infer<typeof pageShieldPolicySchema>
