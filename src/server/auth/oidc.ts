import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { html } from 'hono/html'
import type * as OpenIdClient from 'openid-client'
import { personEmailSchema } from '../../shared/schemas/people'
import { isLoopback } from '../config'
import { EVERY_ACCOUNT, type Store } from '../store'
import type { SsoIdentity } from '../store/people'
import { accountGrantsFor, grantFor, type OidcConfig } from './oidc-config'
import { PAGE_CSP, pageTheme, renderPage, safeNext } from './pages'
import { clientAddress, isHttps, publicUrl } from './request-info'
import { usernameProblem } from './usernames'

export const OIDC_START = '/login/oidc'
export const OIDC_CALLBACK = '/login/oidc/callback'
const STATE_TTL_MS = 10 * 60_000

// The OpenID client (with oauth4webapi and jose, about 50 KB of the compiled server) is loaded with
// the first use of single sign-on: every start read and compiled it, configured or not.
let library: Promise<typeof OpenIdClient> | undefined
const openIdClient = () => (library ??= import('openid-client'))

/** Signing out at the provider too (RP-initiated logout), when it advertises `end_session_endpoint`. */
export interface OidcSignOut {
  /** Where to send the browser to end the provider's session, or undefined when the provider has no such endpoint. */
  endSessionUrl(c: Context, idToken: string): Promise<string | undefined>
}

interface Pending {
  state: string
  verifier: string
  nonce: string
  next: string
  expires: number
}

/**
 * The pending sign-in rides in this cookie, sealed (AES-256-GCM with a key shared by the instances
 * through the store): it binds the callback to the browser that started the sign-in, and nothing is
 * stored per attempt. SameSite=Lax, since the callback is a top-level navigation from the provider.
 */
export const OIDC_PENDING_COOKIE = 'zonekeeper_oidc'
const PENDING_KEY_SETTING = 'oidc-pending-key'
const SEAL_CONTEXT = Buffer.from('zonekeeper oidc pending v1')
/** `next` longer than this is dropped (the dashboard's own paths are short). */
export const OIDC_NEXT_MAX = 512

function seal(key: Buffer, pending: Pending): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(SEAL_CONTEXT)
  const body = Buffer.concat([cipher.update(JSON.stringify(pending), 'utf8'), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

function unseal(key: Buffer, value: string | undefined): Pending | undefined {
  if (!value || value.length > 4096) return undefined
  try {
    const raw = Buffer.from(value, 'base64url')
    if (raw.length < 12 + 16 + 2) return undefined
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    decipher.setAAD(SEAL_CONTEXT)
    decipher.setAuthTag(raw.subarray(raw.length - 16))
    const text = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8')
    const p = JSON.parse(text) as Partial<Pending>
    if (typeof p.state !== 'string' || typeof p.verifier !== 'string' || typeof p.nonce !== 'string') return undefined
    if (typeof p.next !== 'string' || typeof p.expires !== 'number') return undefined
    return p as Pending
  } catch {
    return undefined
  }
}

/** Only strings count in the groups claim (anything else the provider sends is ignored). */
export function claimValues(raw: unknown): string[] {
  if (typeof raw === 'string') return [raw]
  return Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : []
}

/** The issuer and subject an ID token (already accepted once, kept on a session) names. */
function identityOfIdToken(token: string): SsoIdentity | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      iss?: unknown
      sub?: unknown
    }
    return typeof claims.iss === 'string' && typeof claims.sub === 'string'
      ? { issuer: claims.iss, subject: claims.sub }
      : undefined
  } catch {
    return undefined
  }
}

function refusal(c: Context, status: 400 | 403 | 502, title: string, intro: string) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  return c.html(renderPage({ title, intro, after: 'Go back to the sign-in page: /login', theme: pageTheme(c.req.header('cookie')) }), status)
}

/** The stable words of the refusal when a provider's user name belongs to someone else here. */
export const COLLISION_TITLE = 'Username already in use'

/**
 * Single sign-on with any OpenID Connect provider (authorization code + PKCE, openid-client). A
 * person from the provider is its issuer + `sub` (kept on the person); `preferred_username` (else
 * e-mail, else `sub`) only names a new person, and a name that belongs to someone else here refuses
 * the sign-in until an administrator links the identity. The configured claim (groups by default)
 * decides role and zones at every sign-in; a person whose claim maps to nothing is refused with a
 * page saying so. Refusals are written to the audit log. The pending sign-in is a sealed cookie of
 * the browser that started it, so the callback may land on another instance but not in another browser.
 */
export function registerOidc(
  app: Hono,
  options: {
    store: Store
    config: OidcConfig
    startSession: (c: Context, personId: string, idToken?: string) => Promise<void>
    now?: () => number
    /** The audit entry's mode for refusals (sign-in happens before any mode is chosen). */
    mode?: string
  },
): OidcSignOut {
  const { store, config } = options
  const now = options.now ?? Date.now
  let discovered: Promise<OpenIdClient.Configuration> | undefined
  const provider = () =>
    (discovered ??= (async () => {
      const oidc = await openIdClient()
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
  let keyPromise: Promise<Buffer> | undefined
  const pendingKey = () =>
    (keyPromise ??= store.settings
      .setIfAbsent(PENDING_KEY_SETTING, randomBytes(32).toString('base64url'))
      .then((k) => Buffer.from(k, 'base64url'))
      .catch((err) => {
        keyPromise = undefined
        throw err
      }))
  // As the browser sees this server: https behind a TLS-terminating proxy in TRUSTED_PROXIES.
  const redirectUri = (c: Context) => new URL(OIDC_CALLBACK, publicUrl(c)).href
  const cookieOptions = (c: Context) => ({ path: OIDC_START, httpOnly: true, sameSite: 'Lax' as const, secure: isHttps(c) })

  /** A refusal page, and its audit entry (who the provider said, never a token). */
  async function refuse(
    c: Context,
    status: 400 | 403,
    title: string,
    intro: string,
    who: { username?: string; displayName?: string; identity?: SsoIdentity; reason: string },
  ) {
    await store.audit
      .add({
        at: now(),
        requestId: randomUUID(),
        personId: null,
        username: (who.username ?? '').slice(0, 100),
        personName: (who.displayName ?? who.username ?? '').slice(0, 100),
        mode: options.mode ?? 'sign-in',
        zoneId: null,
        zoneName: null,
        area: 'people',
        resourceType: 'sso_sign_in',
        resourceId: who.identity ? who.identity.subject.slice(0, 255) : null,
        action: 'sign-in',
        method: c.req.method,
        path: OIDC_CALLBACK,
        outcome: 'refused',
        status,
        errors: [{ code: status === 400 ? 10400 : 10403, message: `${title}: ${intro}`.slice(0, 500) }],
        before: null,
        after: {
          reason: who.reason,
          issuer: who.identity?.issuer ?? null,
          subject: who.identity?.subject ?? null,
          address: clientAddress(c),
        },
        undoOf: null,
      })
      .catch(() => undefined) // the audit never turns a refusal into a 500
    return refusal(c, status, title, intro)
  }

  app.get(OIDC_START, async (c) => {
    let cfg: OpenIdClient.Configuration
    let key: Buffer
    try {
      cfg = await provider()
      key = await pendingKey()
    } catch {
      return refusal(
        c,
        502,
        'Single sign-on is unavailable',
        `The sign-in provider at ${config.issuer} did not answer. Try again in a moment, or sign in with a password.`,
      )
    }
    // Loaded by provider() above.
    const oidc = await openIdClient()
    const verifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const asked = safeNext(c.req.query('next'))
    const pending: Pending = {
      state,
      verifier,
      nonce,
      next: asked.length > OIDC_NEXT_MAX ? '/' : asked,
      expires: now() + STATE_TTL_MS,
    }
    setCookie(c, OIDC_PENDING_COOKIE, seal(key, pending), { ...cookieOptions(c), maxAge: STATE_TTL_MS / 1000 })
    const url = oidc.buildAuthorizationUrl(cfg, {
      redirect_uri: redirectUri(c),
      // email: the provider's address is taken for a person who has none (see the callback).
      scope: `openid profile email ${config.claim === 'groups' ? 'groups' : ''}`.trim(),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    c.header('Cache-Control', 'no-store')
    return c.redirect(url.href, 302)
  })

  app.get(OIDC_CALLBACK, async (c) => {
    const state = c.req.query('state') ?? ''
    // The pending sign-in of this browser, used once: the cookie goes whatever happens next.
    const sealed = getCookie(c, OIDC_PENDING_COOKIE)
    if (sealed !== undefined) deleteCookie(c, OIDC_PENDING_COOKIE, cookieOptions(c))
    let pending: Pending | undefined
    try {
      pending = unseal(await pendingKey(), sealed)
    } catch {
      pending = undefined
    }
    if (!pending || pending.expires < now() || !state || pending.state !== state) {
      return refuse(
        c,
        400,
        'Sign-in expired',
        'This single sign-on answer does not belong to a sign-in started in this browser in the last 10 minutes. Start again from the sign-in page.',
        { reason: sealed === undefined ? 'no sign-in started in this browser' : 'unknown, expired or mismatched sign-in' },
      )
    }
    let claims: Record<string, unknown>
    let identity: SsoIdentity
    let idToken: string | undefined
    try {
      const cfg = await provider()
      const oidc = await openIdClient()
      const tokens = await oidc.authorizationCodeGrant(cfg, publicUrl(c), {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
      })
      const fromIdToken = { ...(tokens.claims() ?? {}) }
      // Who this is comes from the ID token alone (checked by openid-client: issuer, audience, nonce).
      identity = { issuer: String(fromIdToken.iss ?? cfg.serverMetadata().issuer), subject: String(fromIdToken.sub ?? '') }
      if (!identity.subject) throw new Error('the ID token names no subject')
      claims = fromIdToken
      idToken = tokens.id_token
      if (!(config.claim in claims) && tokens.access_token) {
        claims = { ...(await oidc.fetchUserInfo(cfg, tokens.access_token, identity.subject)), ...fromIdToken }
      }
    } catch (err) {
      return refuse(
        c,
        400,
        'Single sign-on failed',
        `The provider's answer could not be accepted (${err instanceof Error ? err.message : 'unknown error'}). Start again from the sign-in page.`,
        { reason: 'the provider answer was not accepted' },
      )
    }
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
    const username = (text(claims.preferred_username) ?? text(claims.email) ?? identity.subject).toLowerCase()
    const displayName = (text(claims.name) ?? username).slice(0, 100)
    const who = { username, displayName, identity }
    const values = claimValues(claims[config.claim])
    const everyAccount = grantFor(values, config.groups)
    const perAccount = accountGrantsFor(values, config.accountGroups ?? [])
    // Someone mapped in some accounts only has no every-account role: the row says viewer of no zones.
    const grant = everyAccount ?? (perAccount.length ? { role: 'viewer' as const, zones: [] } : undefined)
    if (!grant) {
      const shown = values.join(', ').slice(0, 300) || 'none'
      return refuse(
        c,
        403,
        'No access to Zonekeeper',
        `You signed in at your provider, but none of your ${config.claim} (${shown}) gives access to this dashboard. Ask an administrator to add one of them to OIDC_GROUPS.`,
        { ...who, reason: 'no mapped group' },
      )
    }
    const collision = () =>
      refuse(
        c,
        403,
        COLLISION_TITLE,
        `Your provider's user name "${username}" belongs to another person here, so this sign-in was refused. ` +
          `An administrator can link your single sign-on identity (issuer ${identity.issuer}, subject ${identity.subject}) to your person on the People page, ` +
          'or add you with a different username and link it there.',
        { ...who, reason: 'username belongs to another person' },
      )

    let known = await store.people.bySso(identity)
    if (!known) {
      const bad = usernameProblem(username)
      if (bad) {
        return refuse(c, 403, 'No access to Zonekeeper', `Your provider's user name "${username}" cannot be used here: ${bad}`, {
          ...who,
          reason: 'unusable username',
        })
      }
      const existing = await store.people.byUsername(username)
      if (existing) {
        // Someone made by single sign-on before identities were kept: theirs only when unambiguous.
        if (existing.sso || existing.passwordHash || !(await madeFor(existing.id, username, identity))) return collision()
        const linked = await store.people.linkSso(existing.id, identity)
        if (typeof linked !== 'object') return collision()
        known = await store.people.byId(existing.id)
      } else {
        const added = await store.people.add({
          username,
          displayName,
          role: grant.role,
          zones: grant.zones,
          passwordHash: null,
          sso: identity,
        })
        // Not added: the name was taken at the same moment, or this identity signed in on another instance.
        known = added ? await store.people.byId(added.id) : await store.people.bySso(identity)
        if (!known) return collision()
      }
    }
    if (!known) return collision()
    if (known.disabled)
      return refuse(c, 403, 'No access to Zonekeeper', 'This account is disabled. Ask an administrator.', {
        ...who,
        reason: 'disabled',
      })
    // The provider is the source of truth: role and zones follow the claim at every sign-in.
    const person = await store.people.update(known.id, { displayName, role: grant.role, zones: grant.zones })
    if (!person) return collision()
    // And per account (OIDC_GROUPS entries `group=role@<account>`): the claim decides every grant.
    await store.grants.replace(person.id, [...(everyAccount ? [{ account: EVERY_ACCOUNT, ...everyAccount }] : []), ...perAccount])
    // The provider's address, for someone who has none (one an administrator or the person typed is
    // kept): checked for form like any other; an address the provider says is unverified is not taken.
    const offered = personEmailSchema.safeParse(claims.email)
    if (!person.email && offered.success && offered.data && claims.email_verified !== false) await store.people.takeSsoEmail(person.id, offered.data)
    await options.startSession(c, person.id, idToken)
    // A page that moves on by itself rather than a redirect: this answer ends a navigation that
    // started at the provider (another site), and browsers hold SameSite=Strict cookies back on
    // redirects of such navigations. The next request, started here, carries the session.
    c.header('Content-Security-Policy', PAGE_CSP)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const next = pending.next
    // The page as it is served (prettier would reflow the html template):
    // prettier-ignore
    const signedIn = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${next}"><title>Signed in · Zonekeeper</title></head>
<body><p>Signed in as ${person.displayName}. <a href="${next}">Continue to Zonekeeper</a></p></body></html>`
    return c.html(signedIn)
  })

  /**
   * Whether a person made by single sign-on before identities were kept is, without doubt, this
   * identity: their username is this `sub` itself (unique at the provider), or every ID token kept
   * on their sessions names this issuer and subject (and there is one). Anything else is ambiguous.
   */
  async function madeFor(personId: string, username: string, identity: SsoIdentity): Promise<boolean> {
    if (username === identity.subject) return true
    const named = (await store.people.sessionIdTokens(personId)).map(identityOfIdToken)
    return named.length > 0 && named.every((n) => n?.issuer === identity.issuer && n.subject === identity.subject)
  }

  return {
    async endSessionUrl(c, idToken) {
      const cfg = await provider()
      if (!cfg.serverMetadata().end_session_endpoint) return undefined
      const oidc = await openIdClient()
      return oidc.buildEndSessionUrl(cfg, {
        id_token_hint: idToken,
        post_logout_redirect_uri: new URL('/login', publicUrl(c)).href,
      }).href
    },
  }
}
