import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { oidcEnv, type OidcConfig } from './auth/oidc-config'
import type { RateLimitPolicy } from './emulator/rate-limit'
import { httpUrl, optionalText, parseEnvGroups, rateLimit, wholeNumber } from './env'
import { DEFAULT_PERSON_SHARE } from './budget/shares'
import { trustedProxiesSchema, type TrustedProxies } from './http/trusted-proxies'
import { parseCredentialsKey, readCredentialsKeyFile } from './credentials/key'

export type Credential = { kind: 'token'; token: string } | { kind: 'key'; email: string; key: string }

export interface ServerConfig {
  host: string
  port: number
  mode: 'sandbox' | 'live'
  credential?: Credential
  apiBaseUrl: string
  dataDir: string
  /** PostgreSQL URL for the dashboard's own store; unset: SQLite in dataDir. */
  databaseUrl?: string
  /** Before people existed, the one dashboard password; now adopted as the first administrator's (see auth/first-run). */
  dashboardPassword?: string
  /** Single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_CLAIM, OIDC_GROUPS). */
  oidc?: OidcConfig
  /**
   * The token API clients must send to the sandbox's /client/v4 door when the dashboard requires
   * sign-in (without it, that door accepts any well-formed credential, like a throw-away sandbox).
   */
  sandboxApiToken?: string
  resetSandbox: boolean
  /** Upstream time-out in milliseconds. */
  upstreamTimeoutMs: number
  /**
   * Host names (Host header) this server answers besides loopback names, when it listens on a
   * loopback address. Guards against DNS rebinding. `*` allows any.
   */
  allowedHosts: string[]
  /** AUDIT_RETENTION_DAYS: audit entries older than this are pruned; unset keeps everything. */
  auditRetentionDays?: number
  /** AUDIT_CHAIN_KEY, or the content of AUDIT_CHAIN_KEY_FILE: signs the audit chain (audit/README.md). */
  auditKey?: string
  /** TRUSTED_PROXIES: reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; unset: none. */
  trustedProxies?: TrustedProxies
  /** SANDBOX_RATE_LIMIT (`1200/300`): the sandbox's /client/v4 door keeps the service's rate limit per token. */
  sandboxRateLimit?: RateLimitPolicy
  /** API_CACHE_MS: how long live account-wide lists (zones, zone id → name) are kept and shared; 0: not kept. Default 60 s. */
  apiCacheMs?: number
  /** API_PERSON_SHARE: the most of the API's quota one person may spend in a window, in percent; default 50. */
  apiPersonShare?: number
  /** PRACTICE_QUOTA_MB: the most a person's practice copy may take (MiB); default 64. */
  practiceQuotaMb?: number
  /** PRACTICE_WRITE_LIMIT (`<writes>/<seconds>`): a practising person's writes; default the service's 1200/300. */
  practiceWriteLimit?: RateLimitPolicy
  /** CREDENTIALS_KEY, or the content of CREDENTIALS_KEY_FILE: seals the stored API credentials (the vault); unset: none can be added. */
  credentialsKey?: Buffer
}

/**
 * How long account-wide lists are kept by default: a minute. Zones change rarely, the dashboard's own
 * writes drop what they change at once, and at the service's 1,200 calls per 5 minutes for a whole
 * team a minute's delay for changes made elsewhere is the better trade (budget/README.md).
 */
export const API_CACHE_DEFAULT_MS = 60_000

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1'])

/** True for names that can only reach this machine: localhost, *.localhost, 127.0.0.0/8, ::1. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '')
  if (LOOPBACK_NAMES.has(h) || h.endsWith('.localhost')) return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

/** Where requests go in live mode, and with what credential (API_TOKEN, or API_EMAIL + API_KEY). */
const upstreamEnv = z
  .object({
    API_TOKEN: optionalText,
    API_EMAIL: optionalText,
    API_KEY: optionalText,
    API_BASE_URL: httpUrl("the API's base URL").transform((url) =>
      (url ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, ''),
    ),
    UPSTREAM_TIMEOUT_MS: wholeNumber(1, 600_000, 30_000),
    API_CACHE_MS: wholeNumber(0, 600_000, API_CACHE_DEFAULT_MS),
    API_PERSON_SHARE: wholeNumber(1, 100, DEFAULT_PERSON_SHARE),
  })
  .refine((e) => e.API_TOKEN || Boolean(e.API_EMAIL) === Boolean(e.API_KEY), {
    message: 'Set both API_EMAIL and API_KEY (or API_TOKEN instead); only one of the pair is set.',
  })

/** Where the server listens and whom it believes. */
const listenEnv = z.object({
  HOST: optionalText.transform((h) => h ?? '127.0.0.1'),
  PORT: wholeNumber(0, 65535, 8787),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((raw) =>
      (raw ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  TRUSTED_PROXIES: trustedProxiesSchema,
})

/** The dashboard's own store. */
const storeEnv = z.object({
  DATA_DIR: optionalText.transform((dir) => resolve(dir ?? '.data')),
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(?:ql)?:\/\/\S+$/.test(url), {
    message: 'must be a PostgreSQL URL, postgres://user:password@host:port/database',
  }),
  // Not trimmed: a password is taken as typed.
  DASHBOARD_PASSWORD: z
    .string()
    .optional()
    .transform((pw) => pw || undefined),
  AUDIT_RETENTION_DAYS: wholeNumber(1, 100_000),
  // Not trimmed beyond the ends: the key is taken as written. At least 32 characters (256 bits of hex or base64 and more).
  AUDIT_CHAIN_KEY: optionalText.refine((k) => k === undefined || k.length >= 32, { message: 'must be at least 32 characters (for example `openssl rand -hex 32`)' }),
  AUDIT_CHAIN_KEY_FILE: optionalText.transform((path, ctx) => {
    if (path === undefined) return undefined
    let key: string
    try {
      key = readFileSync(path, 'utf8').trim()
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `must name a readable file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})` })
      return z.NEVER
    }
    if (key.length < 32) ctx.addIssue({ code: 'custom', message: 'must hold at least 32 characters (for example `openssl rand -hex 32 > key`)' })
    return key
  }),
}).refine((e) => !(e.AUDIT_CHAIN_KEY && e.AUDIT_CHAIN_KEY_FILE), { message: 'Set AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE, not both.' })

/** The vault's key (store/credentials.ts): held outside the store, so a copy of the store alone opens no credential. */
const keyIssue = (ctx: z.RefinementCtx, message: string) => {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}
const credentialsEnv = z
  .object({
    CREDENTIALS_KEY: optionalText.transform((text, ctx) => {
      if (text === undefined) return undefined
      const key = parseCredentialsKey(text)
      return typeof key === 'string' ? keyIssue(ctx, key) : key
    }),
    CREDENTIALS_KEY_FILE: optionalText.transform((path, ctx) => {
      if (path === undefined) return undefined
      const key = readCredentialsKeyFile(path)
      return typeof key === 'string' ? keyIssue(ctx, key) : key
    }),
  })
  .refine((e) => !(e.CREDENTIALS_KEY && e.CREDENTIALS_KEY_FILE), { message: 'Set CREDENTIALS_KEY or CREDENTIALS_KEY_FILE, not both.' })

/** The sandbox's /client/v4 door (SANDBOX_SEED is read where the sandbox opens, in data.ts). */
const sandboxEnv = z.object({
  SANDBOX_API_TOKEN: optionalText.refine(
    (token) => token === undefined || (token.length >= 16 && /^[A-Za-z0-9\-._~+/]+=*$/.test(token)),
    {
      message: 'must be at least 16 characters of letters, digits and - . _ ~ + / (a Bearer token)',
    },
  ),
  SANDBOX_RATE_LIMIT: rateLimit('requests'),
})

/** A person's practice copy. */
const practiceEnv = z.object({
  PRACTICE_QUOTA_MB: wholeNumber(1, 100_000, 64),
  PRACTICE_WRITE_LIMIT: rateLimit('writes'),
})

/** The server's settings from the environment; throws, naming every bad variable, when it must not start. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): ServerConfig {
  const { upstream, listen, store, sandbox, practice, oidc, vault } = parseEnvGroups(
    { upstream: upstreamEnv, listen: listenEnv, store: storeEnv, sandbox: sandboxEnv, practice: practiceEnv, oidc: oidcEnv, vault: credentialsEnv },
    env,
  )
  const { API_TOKEN: token, API_EMAIL: email, API_KEY: key } = upstream
  const credential: Credential | undefined = token
    ? { kind: 'token', token }
    : email && key
      ? { kind: 'key', email, key }
      : undefined
  return {
    host: listen.HOST,
    port: listen.PORT,
    mode: credential ? 'live' : 'sandbox',
    credential,
    apiBaseUrl: upstream.API_BASE_URL,
    dataDir: store.DATA_DIR,
    databaseUrl: store.DATABASE_URL,
    dashboardPassword: store.DASHBOARD_PASSWORD,
    oidc,
    sandboxApiToken: sandbox.SANDBOX_API_TOKEN,
    resetSandbox: argv.includes('--reset-sandbox'),
    upstreamTimeoutMs: upstream.UPSTREAM_TIMEOUT_MS,
    allowedHosts: listen.ALLOWED_HOSTS,
    auditRetentionDays: store.AUDIT_RETENTION_DAYS,
    auditKey: store.AUDIT_CHAIN_KEY ?? store.AUDIT_CHAIN_KEY_FILE,
    trustedProxies: listen.TRUSTED_PROXIES,
    sandboxRateLimit: sandbox.SANDBOX_RATE_LIMIT,
    apiCacheMs: upstream.API_CACHE_MS,
    apiPersonShare: upstream.API_PERSON_SHARE,
    practiceQuotaMb: practice.PRACTICE_QUOTA_MB,
    practiceWriteLimit: practice.PRACTICE_WRITE_LIMIT,
    credentialsKey: vault.CREDENTIALS_KEY ?? vault.CREDENTIALS_KEY_FILE,
  }
}

/** Why the server must not start with this configuration, or undefined when it may. */
export function startupRefusal(config: ServerConfig, signInConfigured = false): string | undefined {
  if (config.mode === 'live' && !isLoopback(config.host) && !signInConfigured && !config.oidc && !config.dashboardPassword) {
    return (
      `Refusing to start in live mode on HOST=${config.host}: anyone who can reach this port could act on your ` +
      `account with the API credential. Add an administrator first (npm run people -- add <username> --role admin), ` +
      `or use HOST=127.0.0.1.`
    )
  }
  return undefined
}

/**
 * The secret parts of a credential: values that must never leave the server. The e-mail address of
 * a key pair is an identity, not a secret (it legitimately appears in API results).
 */
export function credentialSecrets(credential: Credential | undefined): string[] {
  if (!credential) return []
  return credential.kind === 'token' ? [credential.token] : [credential.key]
}
