import { z } from 'zod'
import { parseCsp } from '../page-shield/csp'
import { POLICY_ACTIONS } from '../page-shield/policy-actions'
import { lazySchema } from './lazy'

export const policyActionSchema = lazySchema(() =>
  z.enum(POLICY_ACTIONS, {
    error: (iss) =>
      iss.input === undefined
        ? 'action is required: "log" or "allow".'
        : 'action must be "log" (report what the policy does not allow, block nothing) or "allow" (block everything the policy does not allow).',
  }),
)

const required = (field: string, what: string) => (iss: { input: unknown }) =>
  iss.input === undefined ? `${field} is required.` : `${field} must be ${what}.`

/** The specification's sample sends enabled as the string "true"; the API's schema says boolean. Both are accepted. */
const enabledSchema = lazySchema(() =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: required('enabled', 'true or false'),
  }),
)

const descriptionSchema = lazySchema(() =>
  z
    .string({ error: required('description', 'text') })
    .trim()
    .min(1, 'description is required: say in a few words what the policy protects.')
    .max(500, 'description is at most 500 characters.'),
)

const expressionSchema = lazySchema(() =>
  z
    .string({ error: required('expression', 'text') })
    .trim()
    .min(1, 'expression is required: it selects the pages the policy applies to, for example http.host eq "www.example.com".')
    .max(4096, 'expression is at most 4096 characters.'),
)

const valueSchema = lazySchema(() =>
  z
    .string({ error: required('value', 'text') })
    .trim()
    .min(1, "value is required: the content-security-policy directives, for example script-src 'self'.")
    .max(4096, 'value is at most 4096 characters.')
    .superRefine((v, ctx) => {
      for (const problem of parseCsp(v).problems) ctx.addIssue({ code: 'custom', message: problem })
    }),
)

const fields = {
  description: descriptionSchema,
  action: policyActionSchema,
  expression: expressionSchema,
  enabled: enabledSchema,
  value: valueSchema,
}

/** POST body: all five fields are required. */
export const policyCreateSchema = lazySchema(() => z.object(fields))
export type PolicyCreate = z.infer<typeof policyCreateSchema>
/** What the policy form edits (enabled as a real boolean). */
export type PolicyFormValues = z.input<typeof policyCreateSchema>

/** PUT body: any subset of the five fields. */
export const policyUpdateSchema = lazySchema(() => policyCreateSchema.partial())
export type PolicyUpdate = z.infer<typeof policyUpdateSchema>

export const pageShieldPolicySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    description: z.string(),
    action: z.string(),
    expression: z.string(),
    enabled: z.boolean(),
    value: z.string(),
  }),
)
export type PageShieldPolicy = z.infer<typeof pageShieldPolicySchema>
