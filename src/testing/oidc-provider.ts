import type { Server } from 'node:http'
import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider on loopback for tests (the `oidc-provider` package with its
 * development sign-in pages: any login and password are accepted, the login becomes the account).
 * `accounts` gives each login's display name and groups (any JSON: providers send odd shapes), and
 * optionally a `preferred_username` other than the login (two logins may share one, as at real
 * providers where people choose it) and an e-mail. The login is the account's `sub`.
 */
export interface TestOidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  stop(): Promise<void>
}

export interface TestAccount {
  name: string
  groups: unknown
  preferred_username?: string
  email?: string
}

export async function startOidcProvider(options: {
  port: number
  redirectUri: string
  /** Where the provider may send the browser after signing out there (RP-initiated logout). */
  postLogoutRedirectUri?: string
  accounts: Record<string, TestAccount>
}): Promise<TestOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`
  const clientId = 'zonekeeper-test'
  const clientSecret = 'zonekeeper-test-secret-0123456789'
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: options.postLogoutRedirectUri ? [options.postLogoutRedirectUri] : [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'profile', 'email', 'groups'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'], groups: ['groups'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        preferred_username: options.accounts[id]?.preferred_username ?? id,
        name: options.accounts[id]?.name ?? id,
        groups: options.accounts[id]?.groups ?? [],
        ...(options.accounts[id]?.email ? { email: options.accounts[id].email } : {}),
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['zonekeeper-test-cookie-key'] },
  })
  const server: Server = await new Promise((ok) => {
    const s = provider.listen(options.port, '127.0.0.1')
    s.once('listening', () => ok(s))
  })
  return { issuer, clientId, clientSecret, stop: () => new Promise((ok) => server.close(() => ok())) }
}
