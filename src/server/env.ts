import { z } from 'zod'

/**
 * The environment, read like every other input: one zod schema per group of variables (the server's
 * own in config.ts, single sign-on in auth/oidc-config.ts, the sandbox seed in data.ts, the watch and
 * its mail in watch/), parsed once at start-up. A refusal names each bad variable and says what is
 * wrong in plain words, one line each: `PORT must be a whole number from 0 to 65535, got "eighty".`
 * A secret's value is never repeated.
 */
type Env = Record<string, string | undefined>

/** Variables whose values are secrets (or may hold one, like a URL with a password): named, never echoed. */
const SECRET = new Set([
  'API_TOKEN',
  'API_KEY',
  'DASHBOARD_PASSWORD',
  'SANDBOX_API_TOKEN',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'AUDIT_CHAIN_KEY',
  'CREDENTIALS_KEY',
])

/**
 * Parses one group of variables. A field's issue message is the predicate ("must be …"), prefixed
 * here with the variable's name and followed by what was given unless that is a secret; an issue
 * raised on the whole group (a rule across variables, path empty) is a full sentence already.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  return parseEnvGroups({ group: schema }, env).group
}

/** Parses several groups at once, so that one start-up refusal lists every bad variable. */
export function parseEnvGroups<G extends Record<string, z.ZodType>>(groups: G, env: Env): { [K in keyof G]: z.output<G[K]> } {
  const out: Record<string, unknown> = {}
  const problems: string[] = []
  for (const [key, schema] of Object.entries(groups)) {
    const parsed = schema.safeParse(env)
    if (parsed.success) out[key] = parsed.data
    else problems.push(...parsed.error.issues.map((issue) => explain(issue, env)))
  }
  if (problems.length) throw new Error(problems.join('\n'))
  return out as { [K in keyof G]: z.output<G[K]> }
}

function explain(issue: z.core.$ZodIssue, env: Env): string {
  const name = issue.path[0]
  if (typeof name !== 'string') return issue.message
  const raw = env[name]?.trim()
  const hide = SECRET.has(name) || (issue.code === 'custom' && issue.params?.hideValue === true)
  return `${name} ${issue.message}${raw && !hide ? `, got "${raw}"` : ''}.`
}

/** Unset or blank → undefined; otherwise the value without surrounding spaces. */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)

/** A whole number from `min` to `max`; unset or blank → `fallback`. */
export function wholeNumber(min: number, max: number): z.ZodType<number | undefined, string | undefined>
export function wholeNumber(min: number, max: number, fallback: number): z.ZodType<number, string | undefined>
export function wholeNumber(min: number, max: number, fallback?: number): z.ZodType<number | undefined, string | undefined> {
  const plain = `must be a whole number from ${min} to ${max}`
  return optionalText
    .pipe(
      z
        .string()
        .regex(/^\d{1,15}$/, plain)
        .transform(Number)
        .refine((n) => n >= min && n <= max, plain)
        .optional(),
    )
    .transform((n) => n ?? fallback)
}

/** An http(s) URL, as given (no user name, password, query or fragment); unset or blank → undefined. */
export const httpUrl = (what: string) =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined
    const url = URL.canParse(value) ? new URL(value) : undefined
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      ctx.addIssue({ code: 'custom', message: `must be ${what}, an http:// or https:// URL` })
      return z.NEVER
    }
    if (url.username || url.password || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: 'must not carry a user name, password, query or fragment',
        params: { hideValue: true },
      })
      return z.NEVER
    }
    return value
  })

/** `<count>/<seconds>` (for example `1200/300`, the service's own limit); unset or blank → undefined. */
export const rateLimit = (count: string) => {
  const plain = `must be <${count}>/<seconds> with both at least 1 and at most 86400 seconds, for example 1200/300 (the service's own)`
  return optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,7}\s*\/\s*\d{1,6}$/, plain)
      .transform((v) => {
        const [quota, windowSeconds] = v.split('/').map((n) => Number(n.trim()))
        return { quota, windowSeconds }
      })
      .refine((p) => p.quota >= 1 && p.windowSeconds >= 1 && p.windowSeconds <= 86_400, plain)
      .optional(),
  )
}
