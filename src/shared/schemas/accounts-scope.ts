import { z } from 'zod'
import { lazySchema } from './lazy'

/** A credential as the accounts list names it: its id and label, never its secret. */
export const scopeCredentialSchema = lazySchema(() =>
  z.object({
    /** `environment` (API_TOKEN / API_EMAIL + API_KEY), `sandbox` (the sandbox itself), or a stored credential's id. */
    id: z.string(),
    label: z.string(),
  }),
)

/** One account the deployment reaches, once, with every credential that reaches it (the one requests use first). */
export const scopeAccountSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    credentials: z.array(scopeCredentialSchema),
  }),
)

/** GET /api/local/accounts: the accounts in scope; `default` is the one a request naming none acts in. */
export const accountsScopeSchema = lazySchema(() =>
  z.object({
    default: z.string().nullable(),
    accounts: z.array(scopeAccountSchema),
  }),
)

export type ScopeCredential = z.infer<typeof scopeCredentialSchema>
export type AccountsScope = z.infer<typeof accountsScopeSchema>
