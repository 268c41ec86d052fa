import { z } from 'zod'
import { lazySchema } from './lazy'

/**
 * The credential vault's forms and routes (server/credentials): an API token, or a global key with
 * its account's e-mail. A token of any prefix is taken (cfut_ user, cfat_ account, cfk_ global key,
 * anything else the older format: no length rule beyond a sanity bound); the service decides whether
 * it works, by a live call when it is added or replaced. No message repeats what was typed.
 */
const secretText = (what: string) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(1000, `That is longer than any ${what} (at most 1,000 characters).`)
    // Sent as an HTTP header: printable characters without spaces, as the service's tokens and keys are.
    .regex(
      /^[\x21-\x7e]+$/,
      `A ${what} has no spaces or other characters than letters, digits and punctuation: check that it was pasted whole.`,
    )

export const credentialLabelSchema = lazySchema(() =>
  z
    .string({ error: 'Enter a label.' })
    .trim()
    .min(1, 'Enter a label, such as the client or the account it is for.')
    .max(100, 'A label has at most 100 characters.')
    .refine(
      (v) => ![...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f),
      'A label has no control characters.',
    ),
)

const tokenSecret = lazySchema(() => z.object({ kind: z.literal('token'), token: secretText('API token') }))
const keySecret = lazySchema(() =>
  z.object({
    kind: z.literal('key'),
    email: z
      .string({ error: "Enter the account's e-mail address." })
      .trim()
      .max(254, 'An e-mail address has at most 254 characters.')
      .refine((v) => z.regexes.email.test(v), "Enter the account's e-mail address, as name@example.com."),
    key: secretText('global API key'),
  }),
)

/** A new secret for a stored credential (Replace): a token, or an e-mail and a global key. */
export const credentialSecretSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [tokenSecret, keySecret], {
    error: 'Choose the kind: an API token, or an e-mail and a global key.',
  }),
)
export type CredentialSecretInput = z.input<typeof credentialSecretSchema>

/** Adding a credential: a label and its secret. */
export const credentialInputSchema = lazySchema(() =>
  z.discriminatedUnion(
    'kind',
    [tokenSecret.extend({ label: credentialLabelSchema }), keySecret.extend({ label: credentialLabelSchema })],
    {
      error: 'Choose the kind: an API token, or an e-mail and a global key.',
    },
  ),
)
export type CredentialInput = z.input<typeof credentialInputSchema>

/** A credential as the page lists it: never its secret, nor any part of it. */
export const credentialViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    /** `environment`: API_TOKEN or API_EMAIL + API_KEY (not removable or replaceable here); `vault`: stored, sealed. */
    source: z.enum(['environment', 'vault']),
    kind: z.enum(['token', 'key']),
    family: z.enum(['user', 'account', 'global', 'older']),
    email: z.string().nullable(),
    /** The accounts it reached when last checked (null: not checked, the environment's). */
    accounts: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
    status: z.string().nullable(),
    expires_on: z.string().nullable(),
    last_used_at: z.string().nullable(),
    created_at: z.string().nullable(),
    created_by: z.string().nullable(),
    replaced_at: z.string().nullable(),
    replaced_by: z.string().nullable(),
  }),
)
export type CredentialView = z.infer<typeof credentialViewSchema>
export type CredentialFamilyName = CredentialView['family']

export const credentialsPageSchema = lazySchema(() =>
  z.object({
    /** Whether CREDENTIALS_KEY (or CREDENTIALS_KEY_FILE) is set: without it, none can be added. */
    key: z.boolean(),
    /** The message to show instead of the form when no key is set. */
    no_key_message: z.string().nullable(),
    credentials: z.array(credentialViewSchema),
  }),
)
export type CredentialsPage = z.infer<typeof credentialsPageSchema>

export const credentialRemovedSchema = lazySchema(() => z.object({ id: z.string(), label: z.string() }))
