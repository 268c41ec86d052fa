import { resolve } from 'node:path'

export type Credential = { kind: 'token'; token: string } | { kind: 'key'; email: string; key: string }

export interface ServerConfig {
  host: string
  port: number
  mode: 'sandbox' | 'live'
  credential?: Credential
  apiBaseUrl: string
  dataDir: string
  dashboardPassword?: string
  resetSandbox: boolean
  /** Upstream time-out in milliseconds. */
  upstreamTimeoutMs: number
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])
export const isLoopback = (host: string) => LOOPBACK.has(host) || host.startsWith('127.')

export function readConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): ServerConfig {
  const token = env.API_TOKEN?.trim()
  const email = env.API_EMAIL?.trim()
  const key = env.API_KEY?.trim()
  const credential: Credential | undefined = token
    ? { kind: 'token', token }
    : email && key
      ? { kind: 'key', email, key }
      : undefined
  const port = Number(env.PORT ?? 8787)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}".`)
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port,
    mode: credential ? 'live' : 'sandbox',
    credential,
    apiBaseUrl: (env.API_BASE_URL?.trim() || 'https://api.cloudflare.com/client/v4').replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR?.trim() || '.data'),
    dashboardPassword: env.DASHBOARD_PASSWORD || undefined,
    resetSandbox: argv.includes('--reset-sandbox'),
    upstreamTimeoutMs: Number(env.UPSTREAM_TIMEOUT_MS ?? 30_000),
  }
}

/** Why the server must not start with this configuration, or undefined when it may. */
export function startupRefusal(config: ServerConfig): string | undefined {
  if (config.mode === 'live' && !isLoopback(config.host) && !config.dashboardPassword) {
    return (
      `Refusing to start in live mode on HOST=${config.host}: anyone who can reach this port could act on your ` +
      `account with the API credential. Set DASHBOARD_PASSWORD (the dashboard will ask for it), or use HOST=127.0.0.1.`
    )
  }
  return undefined
}
