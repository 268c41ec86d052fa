import type { Context, Hono, MiddlewareHandler, Next } from 'hono'
import { cookieOf } from '../http/guard'
import { isLoopback } from '../config'
import { jsonError, PROXY_CODES } from '../http/envelope'
import { publicPerson, type Store } from '../store'
import type { Forward } from '../upstream'
import type { OidcConfig } from './oidc-config'
import { registerAccess } from './access'
import { LOCAL_ADMIN, setActor } from './actor'
import { registerClientDoorAccess } from './client-door'
import { PASSWORD_PAGE, registerPasswordChange } from './password-change'
import { registerSignIn, SESSION_COOKIE } from './sign-in'
import { registerTwoFactor, PASSKEYS_PAGE, SECOND_FACTOR_PAGE, TWO_FACTOR_PAGE } from './two-factor'
import { registerPasskeys } from './passkeys'
import { PASSKEY_SCRIPT_PATH } from './passkey-script'
import { requestAccount } from '../http/request-account'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import { RECOVERY_DOWNLOAD_PATH, RECOVERY_SCRIPT_PATH } from './recovery-codes'

export { actorOf, maybeActor, type Actor } from './actor'

export interface AuthOptions {
  store: Store
  /** The address the server listens on: on loopback, nobody defined yet means the local administrator. */
  host: string
  forward: Forward
  /** Single sign-on settings; when set, everyone signs in (no local administrator). */
  oidc?: OidcConfig
  now?: () => number
  /** Runs right after the sign-in gate, before roles (the practice switch: practice/index.ts). */
  afterSignIn?: MiddlewareHandler
}

/** Open without signing in: health, the sign-in pages, and the sandbox's /client/v4 door (its own tokens). */
const OPEN = (path: string) =>
  path === '/healthz' ||
  path === '/login' ||
  path === '/logout' ||
  path === '/setup' ||
  path === PASSKEY_SCRIPT_PATH ||
  path === RECOVERY_SCRIPT_PATH ||
  path.startsWith('/login/oidc') ||
  path.startsWith('/client/')

/** What a session waiting for its second factor (`pending`), or for setting one up (`enrol`), may reach. */
const ALLOWED_BEFORE_SECOND_FACTOR = (state: 'pending' | 'enrol', path: string) =>
  state === 'pending'
    ? path === SECOND_FACTOR_PAGE
    : path === TWO_FACTOR_PAGE || path === PASSKEYS_PAGE || path === PASSWORD_PAGE || path === '/api/local/me'

/**
 * What a person who signed in with a one-time password may reach before choosing their own (and the
 * download of the recovery codes just shown to them, when they had to set up a second factor first).
 */
const ALLOWED_BEFORE_NEW_PASSWORD = (path: string) =>
  path === PASSWORD_PAGE || path === '/api/local/me' || path === RECOVERY_DOWNLOAD_PATH

/**
 * People and access: the sign-in pages, then a gate on everything else (a server-side session, or
 * the local administrator on loopback while nobody is defined), then roles and zone scope on /api.
 * Register before the API door and the dashboard's own routes.
 */
export function registerAuth(app: Hono, options: AuthOptions): { signInRequired: () => Promise<boolean> } {
  // One clock for the throttle's waits and the store's counters: the store's (tests give both one clock).
  options = { ...options, now: options.now ?? options.store.now }
  const { store } = options
  registerSignIn(app, options)
  const loopback = isLoopback(options.host)
  const nobodyYet = async () => !(await store.people.anyone())
  // What runs once someone is signed in, called from the gate itself rather than as a step of its own.
  const signedIn: MiddlewareHandler = options.afterSignIn ?? ((_c, next) => next())

  const localAdmin = loopback && !options.oidc
  app.use('*', (c, next) => {
    if (OPEN(c.req.path)) return next()
    const token = cookieOf(c, SESSION_COOKIE)
    // The local administrator while nobody is defined, when the store need not be asked (no promise).
    if (token === undefined && localAdmin && store.people.anyoneKnown() === false) {
      setActor(c, LOCAL_ADMIN)
      return signedIn(c, next)
    }
    return gate(c, next, token)
  })
  const gate = async (c: Context, next: Next, token: string | undefined) => {
    const found = token === undefined ? undefined : await store.sessions.resolveWithPerson(token)
    if (found) {
      const { session, person } = found
      if (!person.disabled) {
        // The person's role and zones are those of their grant in the account the request acts in
        // (its header; none: the default account), so every check after this one is per account.
        const named = requestAccount(c)
        const api = c.req.path.startsWith('/api/')
        if (named.invalid && api) {
          return jsonError(400, 1004, `The ${ACCOUNT_HEADER} header must be an account id (32 hexadecimal digits).`)
        }
        const grant = await store.grants.forAccount(person.id, named.account)
        setActor(c, {
          kind: 'person',
          person: { ...publicPerson(person), role: grant?.role ?? 'viewer', zones: grant?.zones ?? [] },
          sessionHandle: session.handle,
          practice: session.practice,
          ...(named.account ? { account: named.account } : {}),
        })
        if (!grant && api && c.req.path !== '/api/local/me') {
          return jsonError(
            403,
            PROXY_CODES.refused,
            named.account
              ? `You have no access to account ${named.account}: an administrator can give you a role there (People).`
              : 'You have no access to the default account: pick one of your accounts, or ask an administrator for a role (People).',
          )
        }
        if (session.secondFactor && !ALLOWED_BEFORE_SECOND_FACTOR(session.secondFactor, c.req.path)) {
          const to = session.secondFactor === 'pending' ? SECOND_FACTOR_PAGE : TWO_FACTOR_PAGE
          return c.req.path.startsWith('/api/')
            ? jsonError(403, PROXY_CODES.refused, `Finish signing in first (${to}): your account uses a second factor.`)
            : c.redirect(to, 303)
        }
        if (person.mustChangePassword && session.secondFactor !== 'enrol' && !ALLOWED_BEFORE_NEW_PASSWORD(c.req.path)) {
          return c.req.path.startsWith('/api/')
            ? jsonError(
                403,
                PROXY_CODES.refused,
                `Choose your own password first (${PASSWORD_PAGE}): you signed in with a one-time password.`,
              )
            : c.redirect(PASSWORD_PAGE, 303)
        }
        return signedIn(c, next)
      }
    }
    const empty = await nobodyYet()
    if (empty && localAdmin) {
      setActor(c, LOCAL_ADMIN)
      return signedIn(c, next)
    }
    if (c.req.path.startsWith('/api/')) {
      return jsonError(
        401,
        PROXY_CODES.signIn,
        'Sign in to the dashboard first (your session has ended or you have not signed in).',
      )
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const url = new URL(c.req.url)
      return c.redirect(empty && !options.oidc ? '/setup' : `/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303)
    }
    return c.text('Sign in to the dashboard first.', 401)
  }

  registerPasswordChange(app, store, options.now)
  registerTwoFactor(app, store, options.now)
  registerPasskeys(app, store)
  const scope = registerAccess(app, options)
  const signInRequired = async () => !loopback || Boolean(options.oidc) || !(await nobodyYet())
  registerClientDoorAccess(app, { store, scope, signInRequired })
  return { signInRequired }
}
