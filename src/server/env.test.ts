import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readOidcConfig } from './auth/oidc-config'
import { readConfig } from './config'
import { openSandbox } from './data'
import { readWatchEnv } from './watch/env'

/** The start-up refusal for this environment (every group of variables the server reads at start). */
const refusal = (env: Record<string, string>): string => {
  try {
    readConfig(env, [])
    readWatchEnv(env)
    openSandbox({ dataDir: '/nonexistent/zk-env-test', resetSandbox: false }, env)
  } catch (err) {
    return (err as Error).message
  }
  throw new Error(`no refusal for ${Object.keys(env).join(', ')}`)
}

describe('the environment, parsed with one schema per group', () => {
  it('keeps the defaults of before when nothing is set', () => {
    expect(readConfig({}, [])).toEqual({
      host: '127.0.0.1',
      port: 8787,
      mode: 'sandbox',
      credential: undefined,
      apiBaseUrl: 'https://api.cloudflare.com/client/v4',
      dataDir: resolve('.data'),
      databaseUrl: undefined,
      dashboardPassword: undefined,
      oidc: undefined,
      sandboxApiToken: undefined,
      resetSandbox: false,
      upstreamTimeoutMs: 30_000,
      allowedHosts: [],
      auditRetentionDays: undefined,
      trustedProxies: undefined,
      sandboxRateLimit: undefined,
      apiCacheMs: 60_000,
      apiPersonShare: 50,
      practiceQuotaMb: 64,
      practiceWriteLimit: undefined,
    })
    expect(readWatchEnv({})).toEqual({
      publicUrl: undefined,
      smtpUrl: undefined,
      smtpFrom: undefined,
      tickMs: undefined,
      leaseMs: undefined,
      retryMs: undefined,
      discoverMs: undefined,
      startDelayMs: undefined,
    })
    // Blank is unset, as before.
    expect(readConfig({ PORT: ' ', API_CACHE_MS: '', PRACTICE_WRITE_LIMIT: '  ', HOST: '' }, [])).toMatchObject({
      port: 8787,
      apiCacheMs: 60_000,
      practiceWriteLimit: undefined,
      host: '127.0.0.1',
    })
  })

  it('reads good values', () => {
    const c = readConfig(
      {
        PORT: '0',
        API_CACHE_MS: '0',
        API_PERSON_SHARE: '25',
        AUDIT_RETENTION_DAYS: '30',
        PRACTICE_QUOTA_MB: '8',
        PRACTICE_WRITE_LIMIT: '60/60',
        DATABASE_URL: 'postgresql://zk:pw@127.0.0.1:5432/zk',
        SANDBOX_API_TOKEN: 'abcdefghijklmnop-0123',
        DASHBOARD_PASSWORD: ' spaced pw ',
      },
      [],
    )
    expect(c).toMatchObject({
      port: 0,
      apiCacheMs: 0,
      apiPersonShare: 25,
      auditRetentionDays: 30,
      practiceQuotaMb: 8,
      practiceWriteLimit: { quota: 60, windowSeconds: 60 },
      databaseUrl: 'postgresql://zk:pw@127.0.0.1:5432/zk',
      sandboxApiToken: 'abcdefghijklmnop-0123',
      dashboardPassword: ' spaced pw ',
    })
    expect(
      readWatchEnv({
        PUBLIC_URL: 'https://dash.example',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SMTP_FROM: 'Zonekeeper <zk@dash.example>',
        WATCH_TICK_MS: '50',
      }),
    ).toMatchObject({
      publicUrl: 'https://dash.example',
      smtpUrl: 'smtp://127.0.0.1:2525',
      smtpFrom: 'Zonekeeper <zk@dash.example>',
      tickMs: 50,
    })
  })

  it.each([
    [{ PORT: '80.5' }, 'PORT must be a whole number from 0 to 65535, got "80.5".'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535, got "-1".'],
    [{ UPSTREAM_TIMEOUT_MS: '1e3' }, 'UPSTREAM_TIMEOUT_MS must be a whole number from 1 to 600000, got "1e3".'],
    [{ API_CACHE_MS: '600001' }, 'API_CACHE_MS must be a whole number from 0 to 600000, got "600001".'],
    [{ API_PERSON_SHARE: '0' }, 'API_PERSON_SHARE must be a whole number from 1 to 100, got "0".'],
    [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS must be a whole number from 1 to 100000, got "0".'],
    [{ PRACTICE_QUOTA_MB: 'lots' }, 'PRACTICE_QUOTA_MB must be a whole number from 1 to 100000, got "lots".'],
    [{ PRACTICE_WRITE_LIMIT: '1200' }, 'PRACTICE_WRITE_LIMIT must be <writes>/<seconds>'],
    [{ SANDBOX_RATE_LIMIT: '5/0' }, 'SANDBOX_RATE_LIMIT must be <requests>/<seconds>'],
    [
      { API_BASE_URL: 'ftp://api.example' },
      `API_BASE_URL must be the API's base URL, an http:// or https:// URL, got "ftp://api.example".`,
    ],
    [
      { DATABASE_URL: 'mysql://db.example/zk' },
      'DATABASE_URL must be a PostgreSQL URL, postgres://user:password@host:port/database.',
    ],
    [{ SANDBOX_API_TOKEN: 'short' }, 'SANDBOX_API_TOKEN must be at least 16 characters'],
    [
      { OIDC_ISSUER: 'id.example' },
      'OIDC_ISSUER must be the provider\'s URL (its issuer), an http:// or https:// URL, got "id.example".',
    ],
    [
      { OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'zk', OIDC_CLIENT_SECRET: 's', OIDC_GROUPS: 'a=admin;x=boss;=viewer' },
      'OIDC_GROUPS must be group=role or group=role:zone,zone entries separated by ; (roles: viewer, reviewer, editor, admin; role@<account id> for one account); not so: "x=boss", "=viewer".',
    ],
    [{ TRUSTED_PROXIES: 'proxy.example' }, 'TRUSTED_PROXIES must list addresses or CIDR ranges: "proxy.example" is not'],
    [
      { PUBLIC_URL: 'dash.example' },
      'PUBLIC_URL must be the dashboard\'s address as people open it, an http:// or https:// URL, got "dash.example".',
    ],
    [
      { SMTP_URL: 'mail.example:25' },
      'SMTP_URL must be an smtp:// or smtps:// URL, for example smtps://user:password@mail.example:465.',
    ],
    [{ SMTP_FROM: 'Zonekeeper' }, 'SMTP_FROM must be an e-mail address, alone or as Name <address>, got "Zonekeeper".'],
    [{ WATCH_TICK_MS: '10' }, 'WATCH_TICK_MS must be a whole number of milliseconds, at least 50, got "10".'],
    [
      { SANDBOX_SEED: 'sdk,huge' },
      'SANDBOX_SEED must be sdk, large, small or several, comma-separated (unset: the demo data alone), got "sdk,huge".',
    ],
    [{ SANDBOX_SEED: 'small,large' }, 'SANDBOX_SEED cannot be both small and large'],
  ])('refuses %o, naming the variable and what is wrong', (env, message) => {
    const why = refusal(env)
    expect(why.startsWith(message)).toBe(true)
    expect(why).not.toMatch(/expected|received|invalid_|Zod/i)
  })

  it('lists every bad variable at once, one line each', () => {
    expect(refusal({ PORT: 'eighty', API_CACHE_MS: '-5', OIDC_ISSUER: 'https://id.example' }).split('\n')).toEqual([
      'API_CACHE_MS must be a whole number from 0 to 600000, got "-5".',
      'PORT must be a whole number from 0 to 65535, got "eighty".',
      'OIDC_ISSUER is set: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too.',
    ])
  })

  it('never repeats a secret, even when it is the bad value', () => {
    const secret = 'hunter2-very-secret'
    const cases: Record<string, string>[] = [
      { SANDBOX_API_TOKEN: `${secret}!` },
      { DATABASE_URL: `mysql://zk:${secret}@db.example/zk` },
      { SMTP_URL: `mail://zk:${secret}@mail.example` },
      { API_BASE_URL: `https://zk:${secret}@api.example/client/v4` },
      { API_KEY: secret },
      { OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'zk', OIDC_CLIENT_SECRET: secret, OIDC_GROUPS: 'x=boss', PORT: 'x' },
    ]
    for (const env of cases) {
      const why = refusal(env)
      expect(why).not.toContain(secret)
    }
    expect(refusal({ API_BASE_URL: `https://zk:${secret}@api.example/client/v4` })).toBe(
      'API_BASE_URL must not carry a user name, password, query or fragment.',
    )
  })

  it('single sign-on: off without OIDC_ISSUER; its issuer kept exactly as given (trailing slash too)', () => {
    expect(readOidcConfig({ OIDC_CLIENT_ID: 'zk' })).toBeUndefined()
    expect(readOidcConfig({ OIDC_ISSUER: 'https://id.example/', OIDC_CLIENT_ID: 'zk', OIDC_CLIENT_SECRET: 's' })).toMatchObject({
      issuer: 'https://id.example/',
      claim: 'groups',
    })
  })
})

describe('the audit key', () => {
  it('is read from AUDIT_CHAIN_KEY or from the file AUDIT_CHAIN_KEY_FILE names, never echoed when refused', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(resolve(tmpdir(), 'zk-audit-key-'))
    const file = resolve(dir, 'audit.key')
    writeFileSync(file, `${'f'.repeat(64)}\n`)
    expect(readConfig({ AUDIT_CHAIN_KEY_FILE: file }, []).auditKey).toBe('f'.repeat(64))
    expect(readConfig({ AUDIT_CHAIN_KEY: 'k'.repeat(40) }, []).auditKey).toBe('k'.repeat(40))
    expect(refusal({ AUDIT_CHAIN_KEY: 'short-secret' })).toBe('AUDIT_CHAIN_KEY must be at least 32 characters (for example `openssl rand -hex 32`).')
    expect(refusal({ AUDIT_CHAIN_KEY_FILE: resolve(dir, 'missing') })).toContain('AUDIT_CHAIN_KEY_FILE must name a readable file (ENOENT)')
    expect(refusal({ AUDIT_CHAIN_KEY: 'k'.repeat(40), AUDIT_CHAIN_KEY_FILE: file })).toContain('not both')
    rmSync(dir, { recursive: true, force: true })
  })
})
