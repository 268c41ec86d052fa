import { z } from 'zod'
import { nulFree } from './common'
import { personEmailSchema } from './email'
import { ROLE_ORDER } from '../access'
import { passwordSchema, refinePasswordFor } from '../password-rule'
import { grantSchema } from '../account-grants'
import { lazySchema } from './lazy'

/** People of the dashboard itself (not the API's account members): who may sign in, with what role, for which zones. */
/** The roles, lowest first (the role matrix itself is src/shared/access.ts). */
export const ROLE_NAMES = ROLE_ORDER
export const roleSchema = lazySchema(() => z.enum(ROLE_NAMES, { error: 'Choose a role: viewer, reviewer, editor or admin.' }))
export type RoleName = z.infer<typeof roleSchema>

export const ROLE_TEXT: Record<RoleName, string> = {
  viewer: 'Viewer: reads everything in their zones; can use the practice sandbox.',
  reviewer: 'Reviewer: viewer, plus the script review ledger, page-security monitoring and policies.',
  editor: 'Editor: reviewer, plus DNS records, certificates, log fields and jobs, and firewall rules.',
  admin: 'Administrator: everything in every zone, people, and account-level work (load balancing, invites).',
}

export const usernameSchema = lazySchema(() =>
  z
    .string({ error: 'Enter a username.' })
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9][a-z0-9._-]{0,63}$/,
      'A username has up to 64 lower-case letters, digits, dots, dashes or underscores, and starts with a letter or digit.',
    ),
)

const zoneNameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^((?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9-]{2,63}|[0-9a-f]{32})$/,
      'Each zone is a domain name such as example.com (or a zone id).',
    ),
)

/**
 * `*` (all zones) or a list of zone names (a zone's 32-character id is accepted too, and stored as its
 * name). The server also checks that each zone is in the account. Administrators always have all zones.
 */
export const zoneScopeSchema = lazySchema(() =>
  z.union([z.literal('*'), z.array(zoneNameSchema).min(1, 'List at least one zone, or choose all zones.').max(500)]),
)

export { personEmailSchema }

/** Who gave a person's address: an administrator, the person, or the identity provider's `email` claim. */
export type EmailSourceName = 'admin' | 'self' | 'sso'

/** A new person's fields; `personInputSchema` adds the password rule that needs the username. */
export const personFieldsSchema = lazySchema(() =>
  z.object({
    username: usernameSchema,
    display_name: nulFree(
      z.string({ error: 'Enter a display name.' }).trim().min(1, 'Enter a display name.').max(100, 'At most 100 characters.'),
    ),
    role: roleSchema,
    zones: zoneScopeSchema,
    password: passwordSchema,
    email: personEmailSchema.optional(),
  }),
)
/** Parse asynchronously (`safeParseAsync`): the password rule loads its dictionary on first use. */
export const personInputSchema = lazySchema(() => personFieldsSchema.superRefine(refinePasswordFor))
export type PersonInput = z.infer<typeof personInputSchema>

export const personPatchSchema = lazySchema(() =>
  z
    .object({
      display_name: personFieldsSchema.shape.display_name,
      role: roleSchema,
      zones: zoneScopeSchema,
      disabled: z.boolean(),
      email: personEmailSchema,
    })
    .partial(),
)
export type PersonPatch = z.infer<typeof personPatchSchema>

/** A single sign-on identity: the provider (issuer) and the person's `sub` there (unique only within the issuer). */
export const ssoLinkSchema = lazySchema(() =>
  z.object({
    issuer: nulFree(
      z
        .string({ error: "Enter the issuer (the provider's URL, as on the refusal page or the audit entry)." })
        .trim()
        .max(500, 'At most 500 characters.')
        .regex(/^https?:\/\/\S+$/, "The issuer is the provider's URL, such as https://id.example.com."),
    ),
    subject: nulFree(
      z
        .string({ error: 'Enter the subject (sub) the provider gives this person.' })
        .trim()
        .min(1, 'Enter the subject (sub) the provider gives this person.')
        .max(255, 'At most 255 characters.'),
    ),
  }),
)
export type SsoLink = z.infer<typeof ssoLinkSchema>

/*
 * The answers' schemas (views the server builds and the browser reads): the types are derived from
 * them, and src/server/local/results.test.ts parses every GET answer with its route's schema.
 */
const emailSourceSchema = lazySchema(() => z.enum(['admin', 'self', 'sso']))
const ssoViewSchema = lazySchema(() => z.object({ issuer: z.string(), subject: z.string() }))

/** A person as the dashboard's server reports it (never a password or its hash). */
export const personViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    display_name: z.string(),
    role: z.enum(ROLE_NAMES),
    zones: z.union([z.literal('*'), z.array(z.string())]),
    disabled: z.boolean(),
    created_at: z.string(),
    /** The single sign-on identity linked to this person, or null. */
    sso: ssoViewSchema.nullable(),
    /** Where change-request mail to this person goes; null: none. */
    email: z.string().nullable(),
    /** Who gave that address (null with none). */
    email_source: emailSourceSchema.nullable(),
    /**
     * In the People list only: why mail would go to this person (they approve change requests on a
     * zone that needs approval, or propose there), or null when no mail would.
     */
    mail_wanted: z.string().nullable().optional(),
    /** The second factors set up: an authenticator app, and how many passkeys. Absent where not read (a single person's answer). */
    second_factor: z.object({ app: z.boolean(), passkeys: z.number().int() }).optional(),
    /** In the People list only: the person's role and zones per account (`*`: every account; role and zones above are that one). */
    grants: z.array(grantSchema).optional(),
  }),
)
export type PersonView = z.infer<typeof personViewSchema>

/** PATCH /api/local/me: what a person changes about themselves. */
export const ownSettingsSchema = lazySchema(() => z.object({ email: personEmailSchema }))
export type OwnSettings = z.infer<typeof ownSettingsSchema>

export const sessionViewSchema = lazySchema(() =>
  z.object({
    handle: z.string(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    address: z.string(),
    user_agent: z.string(),
    current: z.boolean(),
  }),
)
export type SessionView = z.infer<typeof sessionViewSchema>

/** GET /api/local/me: who the dashboard thinks you are. `local`: nobody is defined, loopback. */
export const meViewSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['person', 'local']),
    /** This session works in the person's own practice sandbox: writes there are allowed to every role. */
    practice: z.boolean(),
    person: personViewSchema
      .omit({ id: true, disabled: true, created_at: true, sso: true, email: true, email_source: true })
      .extend({
        id: z.string().nullable(),
        /** Absent for the local administrator (nobody defined). */
        email: z.string().nullable().optional(),
        email_source: emailSourceSchema.nullable().optional(),
      }),
  }),
)
export type MeView = z.infer<typeof meViewSchema>

/** A personal API token for the sandbox's /client/v4 door: only its name is chosen. */
export const apiTokenInputSchema = lazySchema(() =>
  z.object({
    name: nulFree(
      z
        .string({ error: 'Name the token.' })
        .trim()
        .min(1, 'Name the token, e.g. "certbot on web-1".')
        .max(100, 'At most 100 characters.'),
    ),
  }),
)
export type ApiTokenInput = z.infer<typeof apiTokenInputSchema>

export const apiTokenViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** The token's first characters, to tell tokens apart. */
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    /** Only in the answer that makes the token: it is never shown again. */
    token: z.string().optional(),
  }),
)
export type ApiTokenView = z.infer<typeof apiTokenViewSchema>

/** Who must sign in with a second factor (password accounts): nobody is forced, administrators, everyone. */
export const TWO_FACTOR_POLICY_NAMES = ['optional', 'admins', 'everyone'] as const
export const twoFactorPolicySchema = lazySchema(() =>
  z.object({
    policy: z.enum(TWO_FACTOR_POLICY_NAMES, { error: 'Choose optional, admins or everyone.' }),
  }),
)
export type TwoFactorPolicyInput = z.infer<typeof twoFactorPolicySchema>
