import { zodResolver } from '@hookform/resolvers/zod'
import { policyCreateSchema } from '@/shared/schemas/page-shield-policy'

// Loaded on demand by ./lazy-policy-resolver: this module is where zod enters the policy form.

/** Validates the policy form with the same schema the API proxy and the sandbox enforce. */
export const policyResolver = zodResolver(policyCreateSchema)
