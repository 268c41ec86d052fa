import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Store } from '../store'
import { OIDC_START, registerOidc } from './oidc'
import type { OidcConfig } from './oidc-config'
import { forgetSetupCodes, setupCodeValid, setupNeedsCode } from './first-run'
import { html } from 'hono/html'
import { PAGE_CSP, pageTheme, renderPage, safeNext, type PageOptions } from './pages'
import { dummyHash, hashPassword, MAX_PASSWORD_LENGTH, passwordProblem, verifyPassword } from './passwords'
import { clientAddress, foreignPost, isHttps } from './request-info'
import { recordSecurityEvent } from './security-audit'
import { signInThrottle, type AttemptAnswer } from './throttle'
import { SECOND_FACTOR_PAGE, secondFactorNeeded, TWO_FACTOR_PAGE } from './second-factor-need'
import { usernameProblem } from './usernames'
import { PASSWORD_HINT } from '../../shared/password-rule'

export const SESSION_COOKIE = 'zonekeeper_session'

export interface SignInOptions {
  store: Store
  host: string
  /** Single sign-on, when configured: the sign-in page offers it beside the password form. */
  oidc?: OidcConfig
  now?: () => number
}

/** One answer for every refused sign-in: a wrong password, an unknown username, a disabled account. */
export const SIGN_IN_REFUSED = 'That username and password do not match, or the account is disabled. Try again, or ask an administrator.'

/** The words of a throttled attempt (429), and its Retry-After. */
export function throttledWords(c: Context, answer: Extract<AttemptAnswer, { ok: false }>): string {
  c.header('Retry-After', String(answer.wait))
  return answer.busy
    ? 'Another sign-in to this account is being checked right now. Wait a second, then try again.'
    : `Too many wrong attempts. Wait ${answer.wait} seconds, then try again.`
}

/** Starts a server-side session for a person and sets its cookie. */
export async function startSession(
  store: Store,
  c: Context,
  personId: string,
  idToken?: string,
  secondFactor?: 'pending' | 'enrol',
): Promise<string> {
  const { token, handle } = await store.sessions.create(personId, clientAddress(c), c.req.header('user-agent') ?? '', idToken, secondFactor)
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(store.sessions.policy.absoluteMs / 1000),
    secure: isHttps(c),
  })
  return handle
}

/**
 * After signing out of a single sign-on session: on to the provider's end-session page. A page that
 * moves on by itself, not a redirect: the sign-out form's `form-action 'self'` would stop a redirect
 * to another site.
 */
function providerSignOutPage(c: Context, url: string) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  return c.html(
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${url}"><title>Signed out · Zonekeeper</title></head>
<body><p>You are signed out of Zonekeeper. <a href="${url}">Sign out at your sign-in provider too</a></p></body></html>`,
  )
}

function page(c: Context, status: 200 | 400 | 401 | 403 | 429, o: PageOptions) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  // Lets the browser name this site as the Origin of the form posts (no-referrer would send "null").
  c.header('Referrer-Policy', 'same-origin')
  return c.html(renderPage({ ...o, theme: pageTheme(c.req.header('cookie')) }), status)
}

const small = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Too large.', 413) })
const str = (v: unknown) => (typeof v === 'string' ? v : '')

export const loginPage = (next: string, error?: string, username = '', sso = false): PageOptions => ({
  title: 'Sign in to Zonekeeper',
  intro: 'Sign in with the username and password an administrator gave you.',
  link: sso ? { href: `${OIDC_START}?next=${encodeURIComponent(next)}`, text: 'Sign in with single sign-on' } : undefined,
  action: '/login',
  hidden: { next },
  fields: [
    { name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: username },
    { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
  ],
  submit: 'Sign in',
  error,
})

/** /login, /logout and /setup (the first administrator): server-rendered, no script. */
export function registerSignIn(app: Hono, { store, host, oidc, now = Date.now }: SignInOptions): void {
  const throttle = signInThrottle(store, now)
  const sso = Boolean(oidc)
  const ssoSignOut = oidc
    ? registerOidc(app, { store, config: oidc, now, startSession: async (c, id, idToken) => void (await startSession(store, c, id, idToken)) })
    : undefined

  app.get('/login', async (c) => {
    const next = safeNext(c.req.query('next'))
    if (await store.sessions.resolve(getCookie(c, SESSION_COOKIE))) return c.redirect(next, 303)
    if (!sso && (await store.people.count()) === 0) return c.redirect('/setup', 303)
    return page(c, 200, loginPage(next, undefined, '', sso))
  })

  app.post('/login', small, async (c) => {
    if (foreignPost(c)) return c.text('Sign-in refused: it came from another site.', 403)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const next = safeNext(str(form.next))
    const username = str(form.username).trim().toLowerCase().slice(0, 64)
    const password = str(form.password)
    if (!username || !password) return page(c, 400, loginPage(next, 'Enter your username and password.', username, sso))
    const address = clientAddress(c)
    const who = { id: null, username, displayName: username }
    // Counted before the password is checked: concurrent guesses cannot all pass one check.
    const gate = await throttle.begin(username, address)
    if (!gate.ok) {
      const words = throttledWords(c, gate)
      await recordSecurityEvent(store, c, { area: 'sign-in', action: 'sign-in', who, resourceType: 'session', outcome: 'refused', status: 429, reason: words })
      return page(c, 429, loginPage(next, words, username, sso))
    }
    try {
      const person = await store.people.byUsername(username)
      const ok = await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH + 1), person?.passwordHash ?? (await dummyHash()))
      if (!person || !ok || person.disabled) {
        // The same words whether the account is unknown, the password wrong or the account disabled.
        const named = person ? { id: person.id, username: person.username, displayName: person.displayName } : who
        const reason = !person ? 'unknown username' : person.disabled ? 'account disabled' : 'wrong password'
        await recordSecurityEvent(store, c, { area: 'sign-in', action: 'sign-in', who: named, resourceType: 'session', outcome: 'failure', status: 401, reason })
        return page(c, 401, loginPage(next, SIGN_IN_REFUSED, username, sso))
      }
      await gate.attempt.succeeded()
      // A second factor, when the person has one (or must set one up), comes before anything else.
      const second = await secondFactorNeeded(store, person)
      const handle = await startSession(store, c, person.id, undefined, second)
      await recordSecurityEvent(store, c, {
        area: 'sign-in',
        action: 'sign-in',
        who: { id: person.id, username: person.username, displayName: person.displayName },
        resourceType: 'session',
        resourceId: handle,
        outcome: 'success',
        status: 303,
        after: second ? { second_factor: second } : null,
      })
      if (second === 'pending') return c.redirect(`${SECOND_FACTOR_PAGE}?next=${encodeURIComponent(next)}`, 303)
      return c.redirect(second === 'enrol' ? TWO_FACTOR_PAGE : next, 303)
    } finally {
      await gate.attempt.end()
    }
  })

  app.post('/logout', async (c) => {
    if (foreignPost(c)) return c.text('Sign-out refused: it came from another site.', 403)
    const token = getCookie(c, SESSION_COOKIE)
    const found = await store.sessions.resolveWithPerson(token)
    const ended = await store.sessions.endByToken(token)
    if (found && ended) {
      const { person, session } = found
      await recordSecurityEvent(store, c, {
        area: 'sign-in',
        action: 'sign-out',
        who: { id: person.id, username: person.username, displayName: person.displayName },
        resourceType: 'session',
        resourceId: session.handle,
        outcome: 'success',
        status: 303,
      })
    }
    deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isHttps(c) })
    // Signed in through single sign-on: end the provider's session too, when it says how.
    const there = ended?.idToken && ssoSignOut ? await ssoSignOut.endSessionUrl(c, ended.idToken).catch(() => undefined) : undefined
    return there ? providerSignOutPage(c, there) : c.redirect('/login', 303)
  })

  const needsCode = setupNeedsCode(host)
  const setupPage = (error?: string, values: { username?: string; display_name?: string } = {}, passwordError?: string): PageOptions => ({
    title: 'Set up Zonekeeper',
    intro: 'Nobody has an account yet. Create the first administrator: they can then add everyone else under People.',
    action: '/setup',
    fields: [
      ...(needsCode
        ? [
            {
              name: 'setup_code',
              label: 'Setup code',
              type: 'text' as const,
              autocomplete: 'off',
              hint: 'Printed in the server log when it started (it proves you run the server).',
            },
          ]
        : []),
      {
        name: 'username',
        label: 'Username',
        type: 'text',
        autocomplete: 'username',
        value: values.username,
        hint: 'Lower-case letters, digits, dots, dashes or underscores.',
      },
      { name: 'display_name', label: 'Display name', type: 'text', autocomplete: 'name', value: values.display_name },
      { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT, error: passwordError },
    ],
    submit: 'Create administrator',
    error,
  })

  app.get('/setup', async (c) => {
    if ((await store.people.count()) > 0) return c.redirect('/login', 303)
    return page(c, 200, setupPage())
  })

  app.post('/setup', small, async (c) => {
    if (foreignPost(c)) return c.text('Setup refused: it came from another site.', 403)
    if ((await store.people.count()) > 0) return c.redirect('/login', 303)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const values = { username: str(form.username).trim().toLowerCase(), display_name: str(form.display_name).trim() }
    const address = clientAddress(c)
    if (needsCode) {
      const gate = await throttle.begin('(setup)', address)
      if (!gate.ok) return page(c, 429, setupPage(`Too many wrong setup codes. ${throttledWords(c, gate)}`, values))
      try {
        if (!(await setupCodeValid(store, str(form.setup_code), now))) {
          return page(c, 401, setupPage('That setup code is not right. Copy it from the server log.', values))
        }
        await gate.attempt.succeeded()
      } finally {
        await gate.attempt.end()
      }
    }
    // PostgreSQL's text holds no NUL character: refused here, as the people schemas refuse it.
    const problem =
      usernameProblem(values.username) ?? (!values.display_name ? 'Enter a display name.' : values.display_name.includes('\u0000') ? 'The display name must not contain a NUL character.' : undefined)
    if (problem) return page(c, 400, setupPage(problem, values))
    const weak = await passwordProblem(str(form.password), values.username)
    if (weak) return page(c, 400, setupPage(undefined, values, weak))
    const person = await store.people.add({
      username: values.username,
      displayName: values.display_name.slice(0, 100),
      role: 'admin',
      zones: '*',
      passwordHash: await hashPassword(str(form.password)),
    })
    // Two people racing to set up: only the first administrator is created this way.
    if (!person || (await store.people.count()) > 1) return c.redirect('/login', 303)
    await forgetSetupCodes(store)
    await startSession(store, c, person.id)
    return c.redirect('/', 303)
  })
}
