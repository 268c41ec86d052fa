import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { jsonError, PROXY_CODES } from '../envelope'
import { isOwnOrigin, requestHost } from '../guard'
import { LOGIN_PAGE_CSP, renderLoginPage, safeNext } from './login-page'
import { createRateLimiter, type RateLimiter } from './rate-limit'
import { createSessions, passwordMatches, SESSION_COOKIE, SESSION_TTL_SECONDS } from './session'

export { loadSessionSecret } from './session'

export interface PasswordGateOptions {
  password: string
  /** Server secret the session signatures derive from (see loadSessionSecret). */
  secret: Buffer
  limiter?: RateLimiter
  now?: () => number
}

/** Paths open without signing in: the health check, the sign-in itself and the sandbox API (own auth). */
const OPEN = (path: string) => path === '/healthz' || path === '/login' || path === '/logout' || path.startsWith('/client/')

function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

function page(c: Context, status: 200 | 401 | 403 | 429, next: string, error?: string) {
  c.header('Content-Security-Policy', LOGIN_PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  return c.html(renderLoginPage({ next, error }), status)
}

/**
 * DASHBOARD_PASSWORD: a server-rendered sign-in page at /login and an HttpOnly, SameSite=Strict,
 * HMAC-signed session cookie that every page and /api request must carry. Wrong guesses are rate-limited.
 */
export function registerPasswordGate(app: Hono, options: PasswordGateOptions): void {
  const sessions = createSessions(options.secret, options.password, options.now)
  const limiter = options.limiter ?? createRateLimiter({ perClient: 5, total: 50, windowMs: 5 * 60_000, now: options.now })
  const signedIn = (c: Context) => sessions.verify(getCookie(c, SESSION_COOKIE))

  app.use('*', async (c, next) => {
    if (OPEN(c.req.path) || signedIn(c)) return next()
    if (c.req.path.startsWith('/api/')) {
      return jsonError(401, PROXY_CODES.signIn, 'Sign in to the dashboard first: it is protected by a password.')
    }
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const url = new URL(c.req.url)
      return c.redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, 303)
    }
    return c.text('Sign in to the dashboard first.', 401)
  })

  app.get('/login', (c) => {
    const next = safeNext(c.req.query('next'))
    if (signedIn(c)) return c.redirect(next, 303)
    return page(c, 200, next)
  })

  app.post('/login', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Too large.', 413) }), async (c) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && !isOwnOrigin(origin, requestHost(c)))
      return c.text('Sign-in refused: it came from another site.', 403)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined)
    const who = clientAddress(c)
    const wait = limiter.retryAfter(who)
    if (wait > 0) {
      c.header('Retry-After', String(wait))
      return page(c, 429, next, `Too many wrong passwords. Wait ${wait} seconds, then try again.`)
    }
    const guess = typeof form.password === 'string' ? form.password : ''
    if (!passwordMatches(guess, options.password)) {
      limiter.failed(who)
      return page(c, 401, next, guess ? 'That password is not right. Try again.' : 'Enter the password.')
    }
    limiter.succeeded(who)
    setCookie(c, SESSION_COOKIE, sessions.issue(), {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: SESSION_TTL_SECONDS,
      secure: isHttps(c),
    })
    return c.redirect(next, 303)
  })

  app.post('/logout', (c) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && !isOwnOrigin(origin, requestHost(c)))
      return c.text('Sign-out refused: it came from another site.', 403)
    deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isHttps(c) })
    return c.redirect('/login', 303)
  })
}
