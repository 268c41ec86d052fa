import type { Context, Hono } from 'hono'
import * as oidc from 'openid-client'
import { isLoopback } from '../config'
import type { Store } from '../store'
import { grantFor, type OidcConfig } from './oidc-config'
import { escapeHtml, PAGE_CSP, renderPage, safeNext } from './pages'
import { publicUrl } from './request-info'
import { usernameProblem } from './usernames'

export const OIDC_START = '/login/oidc'
export const OIDC_CALLBACK = '/login/oidc/callback'
const STATE_TTL_MS = 10 * 60_000

/** Signing out at the provider too (RP-initiated logout), when it advertises `end_session_endpoint`. */
export interface OidcSignOut {
  /** Where to send the browser to end the provider's session, or undefined when the provider has no such endpoint. */
  endSessionUrl(c: Context, idToken: string): Promise<string | undefined>
}

interface Pending {
  verifier: string
  nonce: string
  next: string
  expires: number
}

function refusal(c: Context, status: 400 | 403 | 502, title: string, intro: string) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  return c.html(renderPage({ title, intro, after: 'Go back to the sign-in page: /login' }), status)
}

/**
 * Single sign-on with any OpenID Connect provider (authorization code + PKCE, openid-client). The
 * configured claim (groups by default) decides role and zones at every sign-in; a person whose claim
 * maps to nothing is refused with a page saying so. The pending sign-in is kept in the store, so the
 * callback may land on another instance.
 */
export function registerOidc(
  app: Hono,
  options: {
    store: Store
    config: OidcConfig
    startSession: (c: Context, personId: string, idToken?: string) => Promise<void>
    now?: () => number
  },
): OidcSignOut {
  const { store, config } = options
  const now = options.now ?? Date.now
  let discovered: Promise<oidc.Configuration> | undefined
  const provider = () =>
    (discovered ??= (async () => {
      const url = new URL(config.issuer)
      // Plain http only for a provider on this machine (tests, local development).
      const insecure = url.protocol === 'http:' && isLoopback(url.hostname)
      return oidc.discovery(
        url,
        config.clientId,
        config.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
    })().catch((err) => {
      discovered = undefined
      throw err
    }))
  // As the browser sees this server: https behind a TLS-terminating proxy in TRUSTED_PROXIES.
  const redirectUri = (c: Context) => new URL(OIDC_CALLBACK, publicUrl(c)).href

  app.get(OIDC_START, async (c) => {
    let cfg: oidc.Configuration
    try {
      cfg = await provider()
    } catch {
      return refusal(
        c,
        502,
        'Single sign-on is unavailable',
        `The sign-in provider at ${config.issuer} did not answer. Try again in a moment, or sign in with a password.`,
      )
    }
    const verifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const pending: Pending = { verifier, nonce, next: safeNext(c.req.query('next')), expires: now() + STATE_TTL_MS }
    await store.settings.setIfAbsent(`oidc:${state}`, JSON.stringify(pending))
    const url = oidc.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri(c),
      scope: `openid profile ${config.claim === 'groups' ? 'groups' : ''}`.trim(),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    return c.redirect(url.href, 302)
  })

  app.get(OIDC_CALLBACK, async (c) => {
    const state = c.req.query('state') ?? ''
    const raw = state ? await store.settings.get(`oidc:${state}`) : undefined
    if (raw) await store.settings.delete(`oidc:${state}`)
    const pending = raw ? (JSON.parse(raw) as Pending) : undefined
    if (!pending || pending.expires < now()) {
      return refusal(
        c,
        400,
        'Sign-in expired',
        'This single sign-on attempt is unknown or too old. Start again from the sign-in page.',
      )
    }
    let claims: Record<string, unknown>
    let idToken: string | undefined
    try {
      const cfg = await provider()
      const tokens = await oidc.authorizationCodeGrant(cfg, publicUrl(c), {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
      })
      claims = { ...(tokens.claims() ?? {}) }
      idToken = tokens.id_token
      if (!(config.claim in claims) && tokens.access_token) {
        claims = { ...claims, ...(await oidc.fetchUserInfo(cfg, tokens.access_token, String(claims.sub))) }
      }
    } catch (err) {
      return refusal(
        c,
        400,
        'Single sign-on failed',
        `The provider's answer could not be accepted (${err instanceof Error ? err.message : 'unknown error'}). Start again from the sign-in page.`,
      )
    }
    const grant = grantFor(claims[config.claim], config.groups)
    const values = Array.isArray(claims[config.claim])
      ? (claims[config.claim] as unknown[]).join(', ')
      : String(claims[config.claim] ?? 'none')
    if (!grant) {
      return refusal(
        c,
        403,
        'No access to Zonekeeper',
        `You signed in at your provider, but none of your ${config.claim} (${values}) gives access to this dashboard. Ask an administrator to add one of them to OIDC_GROUPS.`,
      )
    }
    const username = String(claims.preferred_username ?? claims.email ?? claims.sub ?? '').toLowerCase()
    const bad = usernameProblem(username)
    if (bad)
      return refusal(c, 403, 'No access to Zonekeeper', `Your provider's user name "${username}" cannot be used here: ${bad}`)
    const displayName = String(claims.name ?? username).slice(0, 100)
    const existing = await store.people.byUsername(username)
    if (existing?.passwordHash) {
      return refusal(
        c,
        403,
        'No access to Zonekeeper',
        `${username} is a password account here: sign in with the password form, or ask an administrator.`,
      )
    }
    if (existing?.disabled) return refusal(c, 403, 'No access to Zonekeeper', 'This account is disabled. Ask an administrator.')
    // The provider is the source of truth: role and zones follow the claim at every sign-in.
    const person = existing
      ? await store.people.update(existing.id, { displayName, role: grant.role, zones: grant.zones })
      : await store.people.add({ username, displayName, role: grant.role, zones: grant.zones, passwordHash: null })
    if (!person) return refusal(c, 403, 'No access to Zonekeeper', 'That user name was taken at the same moment. Try again.')
    await options.startSession(c, person.id, idToken)
    // A page that moves on by itself rather than a redirect: this answer ends a navigation that
    // started at the provider (another site), and browsers hold SameSite=Strict cookies back on
    // redirects of such navigations. The next request, started here, carries the session.
    c.header('Content-Security-Policy', PAGE_CSP)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const next = escapeHtml(pending.next)
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${next}"><title>Signed in · Zonekeeper</title></head>` +
        `<body><p>Signed in as ${escapeHtml(displayName)}. <a href="${next}">Continue to Zonekeeper</a></p></body></html>`,
    )
  })

  return {
    async endSessionUrl(c, idToken) {
      const cfg = await provider()
      if (!cfg.serverMetadata().end_session_endpoint) return undefined
      return oidc.buildEndSessionUrl(cfg, {
        id_token_hint: idToken,
        post_logout_redirect_uri: new URL('/login', publicUrl(c)).href,
      }).href
    },
  }
}
