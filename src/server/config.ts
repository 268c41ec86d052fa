import { resolve } from 'node:path'
import { readOidcConfig, type OidcConfig } from './auth/oidc-config'
import { parseTrustedProxies, type TrustedProxies } from './trusted-proxies'
import { parseRateLimit, type RateLimitPolicy } from './emulator/rate-limit'

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
  /** TRUSTED_PROXIES: reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; unset: none. */
  trustedProxies?: TrustedProxies
  /** SANDBOX_RATE_LIMIT (`1200/300`): the sandbox's /client/v4 door keeps the service's rate limit per token. */
  sandboxRateLimit?: RateLimitPolicy
  /** API_CACHE_MS: how long live account-wide lists (zones, zone id → name) are kept and shared; 0: not kept. Default 60 s. */
  apiCacheMs?: number
  /** PRACTICE_QUOTA_MB: the most a person's practice copy may take (MiB); default 64. */
  practiceQuotaMb?: number
  /** PRACTICE_WRITE_LIMIT (`<writes>/<seconds>`): a practising person's writes; default the service's 1200/300. */
  practiceWriteLimit?: RateLimitPolicy
}

/**
 * How long account-wide lists are kept by default: a minute. Zones change rarely, the dashboard's own
 * writes drop what they change at once, and at the service's 1,200 calls per 5 minutes for a whole
 * team a minute's delay for changes made elsewhere is the better trade (README, The API rate budget).
 */
export const API_CACHE_DEFAULT_MS = 60_000

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1'])

/** True for names that can only reach this machine: localhost, *.localhost, 127.0.0.0/8, ::1. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '')
  if (LOOPBACK_NAMES.has(h) || h.endsWith('.localhost')) return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)
}

function readPracticeWriteLimit(raw: string | undefined): RateLimitPolicy | undefined {
  try {
    return parseRateLimit(raw)
  } catch {
    throw new Error(`PRACTICE_WRITE_LIMIT must be <writes>/<seconds>, for example 1200/300 (the service's own), got "${raw?.trim()}".`)
  }
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`)
  return n
}

function readBaseUrl(raw: string | undefined): string {
  const value = (raw?.trim() || 'https://api.cloudflare.com/client/v4').replace(/\/+$/, '')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`API_BASE_URL must be an http(s) URL, got "${value}".`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`API_BASE_URL must be an http(s) URL, got "${value}".`)
  if (url.username || url.password || url.search || url.hash) {
    throw new Error('API_BASE_URL must not carry a user name, password, query or fragment; put the credential in API_TOKEN.')
  }
  return value
}

function readSandboxToken(raw: string | undefined): string | undefined {
  const token = raw?.trim()
  if (!token) return undefined
  if (token.length < 16 || !/^[A-Za-z0-9\-._~+/]+=*$/.test(token))
    throw new Error('SANDBOX_API_TOKEN must be at least 16 characters of letters, digits and - . _ ~ + / (a Bearer token).')
  return token
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): ServerConfig {
  const token = env.API_TOKEN?.trim()
  const email = env.API_EMAIL?.trim()
  const key = env.API_KEY?.trim()
  if (!token && Boolean(email) !== Boolean(key)) {
    throw new Error('Set both API_EMAIL and API_KEY (or API_TOKEN instead); only one of the pair is set.')
  }
  const credential: Credential | undefined = token
    ? { kind: 'token', token }
    : email && key
      ? { kind: 'key', email, key }
      : undefined
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port: readInt(env, 'PORT', 8787, 0, 65535),
    mode: credential ? 'live' : 'sandbox',
    credential,
    apiBaseUrl: readBaseUrl(env.API_BASE_URL),
    dataDir: resolve(env.DATA_DIR?.trim() || '.data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dashboardPassword: env.DASHBOARD_PASSWORD || undefined,
    oidc: readOidcConfig(env),
    sandboxApiToken: readSandboxToken(env.SANDBOX_API_TOKEN),
    resetSandbox: argv.includes('--reset-sandbox'),
    upstreamTimeoutMs: readInt(env, 'UPSTREAM_TIMEOUT_MS', 30_000, 1, 600_000),
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    auditRetentionDays: env.AUDIT_RETENTION_DAYS?.trim() ? readInt(env, 'AUDIT_RETENTION_DAYS', 0, 1, 100_000) : undefined,
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    sandboxRateLimit: parseRateLimit(env.SANDBOX_RATE_LIMIT),
    apiCacheMs: readInt(env, 'API_CACHE_MS', API_CACHE_DEFAULT_MS, 0, 600_000),
    practiceQuotaMb: readInt(env, 'PRACTICE_QUOTA_MB', 64, 1, 100_000),
    practiceWriteLimit: readPracticeWriteLimit(env.PRACTICE_WRITE_LIMIT),
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
