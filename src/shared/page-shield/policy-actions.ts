// Zod-free on purpose: the policies pages import these at first paint, and the schema module that
// builds zod schemas would add ~25 KB gzip to them (bundle rule, src/components/README.md).

/** The actions the API accepts for a page-security policy, in the order the form offers them. */
export const POLICY_ACTIONS = ['log', 'allow'] as const
export type PolicyAction = (typeof POLICY_ACTIONS)[number]

/** What each action does, in the words the form and the list use. */
export const POLICY_ACTION_TEXT: Record<PolicyAction, string> = {
  log: 'Log: browsers report every script or connection the policy does not allow, and nothing is blocked. Use it to try a policy out.',
  allow:
    'Allow: browsers block every script or connection the policy does not allow, and report it. Visitors are affected at once.',
}

export const isPolicyAction = (value: string): value is PolicyAction => (POLICY_ACTIONS as readonly string[]).includes(value)
