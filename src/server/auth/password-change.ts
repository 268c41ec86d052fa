import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { PASSWORD_HINT } from '../../shared/password-rule'
import type { Store } from '../store'
import { actorOf } from './actor'
import { PAGE_CSP, pageTheme, renderPage, type PageOptions } from './pages'
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem, verifyPassword } from './passwords'
import { clientAddress, foreignPost } from './request-info'
import { recordSecurityEvent } from './security-audit'
import { throttledWords } from './sign-in'
import { signInThrottle } from './throttle'

export const PASSWORD_PAGE = '/password'

function page(c: Context, status: 200 | 400 | 401 | 429, o: PageOptions) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'same-origin')
  return c.html(renderPage({ ...o, theme: pageTheme(c.req.header('cookie')) }), status)
}

interface FieldErrors {
  current?: string
  password?: string
  again?: string
}

const form = (mustChange: boolean, errors: FieldErrors = {}, error?: string): PageOptions => ({
  title: mustChange ? 'Choose your own password' : 'Change your password',
  intro: mustChange
    ? 'You signed in with a password someone gave you. Choose your own now; the one you were given stops working.'
    : 'Your other sessions are signed out and your personal API tokens are revoked when the password changes.',
  action: PASSWORD_PAGE,
  fields: [
    { name: 'current', label: 'Current password', type: 'password', autocomplete: 'current-password', error: errors.current },
    { name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT, error: errors.password },
    { name: 'again', label: 'New password again', type: 'password', autocomplete: 'new-password', error: errors.again },
  ],
  submit: 'Save password',
  error,
})

/**
 * /password: a signed-in person changes their password (required after a one-time password). The
 * current password is checked under the sign-in throttle (the same counters as /login: a stolen
 * session cannot guess it faster than the sign-in form could). A change ends the person's other
 * sessions and revokes their personal API tokens.
 */
export function registerPasswordChange(app: Hono, store: Store, now: () => number = Date.now): void {
  const throttle = signInThrottle(store, now)
  app.get(PASSWORD_PAGE, (c) => {
    const a = actorOf(c)
    if (a.kind !== 'person') return c.redirect('/account', 303)
    return page(c, 200, form(a.person.mustChangePassword))
  })
  app.post(PASSWORD_PAGE, bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Too large.', 413) }), async (c) => {
    if (foreignPost(c)) return c.text('Refused: it came from another site.', 403)
    const a = actorOf(c)
    if (a.kind !== 'person') return c.redirect('/account', 303)
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '')
    const must = a.person.mustChangePassword
    const me = await store.people.byId(a.person.id)
    if (!me?.passwordHash) return page(c, 400, form(must, {}, 'Your account signs in through single sign-on: it has no password here.'))
    const who = { id: me.id, username: me.username, displayName: me.displayName }
    const gate = await throttle.begin(me.username, clientAddress(c))
    if (!gate.ok) {
      const words = throttledWords(c, gate)
      await recordSecurityEvent(store, c, { area: 'sign-in', action: 'password-change', who, resourceType: 'password', outcome: 'refused', status: 429, reason: words })
      return page(c, 429, form(must, {}, words))
    }
    try {
      if (!(await verifyPassword(str('current').slice(0, MAX_PASSWORD_LENGTH + 1), me.passwordHash))) {
        await recordSecurityEvent(store, c, { area: 'sign-in', action: 'password-change', who, resourceType: 'password', outcome: 'failure', status: 401, reason: 'wrong current password' })
        return page(c, 401, form(must, { current: 'The current password is not right.' }))
      }
      await gate.attempt.succeeded()
    } finally {
      await gate.attempt.end()
    }
    const password = str('password')
    const errors: FieldErrors = {}
    errors.password =
      (await passwordProblem(password, me.username)) ??
      (password === str('current') ? 'Choose a password different from the current one.' : undefined)
    if (!errors.password && password !== str('again')) errors.again = 'The two new passwords differ.'
    if (errors.password || errors.again) return page(c, 400, form(must, errors))
    await store.people.update(me.id, { passwordHash: await hashPassword(password), mustChangePassword: false })
    // Every other session ends (this one goes on), and every personal API token is revoked.
    for (const s of await store.sessions.list(me.id)) if (s.handle !== a.sessionHandle) await store.sessions.end(me.id, s.handle)
    const revoked = await store.apiTokens.revokeAll(me.id)
    await recordSecurityEvent(store, c, {
      area: 'sign-in',
      action: 'password-change',
      who,
      resourceType: 'password',
      resourceId: me.id,
      outcome: 'success',
      status: 303,
      after: { tokens_revoked: revoked, was_one_time: must },
    })
    return c.redirect('/', 303)
  })
}
