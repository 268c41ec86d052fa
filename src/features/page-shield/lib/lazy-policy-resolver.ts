import type { Resolver } from 'react-hook-form'
import type { PolicyCreate, PolicyFormValues } from '@/shared/schemas/page-shield-policy'

// The policy schema (and zod with it) is not part of the form's first paint (bundle rule,
// src/components/README.md): it loads when the form mounts (preload) or at the latest on the first submit.

type ResolverModule = typeof import('./policy-resolver')
let loading: Promise<ResolverModule> | undefined

/** Starts (or reuses) the download of the schema resolver; a failed download is tried again next time. */
export function loadPolicyResolver(): Promise<ResolverModule> {
  loading ??= import('./policy-resolver').catch((err: unknown) => {
    loading = undefined
    throw err
  })
  return loading
}

/** `zodResolver(policyCreateSchema)`, with the schema fetched on first use. */
export const lazyPolicyResolver: Resolver<PolicyFormValues, unknown, PolicyCreate> = async (values, context, options) =>
  (await loadPolicyResolver()).policyResolver(values, context, options)
