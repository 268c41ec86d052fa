import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Store } from '../store'
import { actorOf } from './actor'
import { PAGE_CSP, renderPage, type PageOptions } from './pages'
import { hashPassword, passwordProblem, verifyPassword } from './passwords'
import { foreignPost } from './request-info'

export const PASSWORD_PAGE = '/password'

function page(c: Context, status: 200 | 400 | 401, o: PageOptions) {
  c.header('Content-Security-Policy', PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'same-origin')
  return c.html(renderPage(o), status)
}

const form = (mustChange: boolean, error?: string): PageOptions => ({
  title: mustChange ? 'Choose your own password' : 'Change your password',
  intro: mustChange
    ? 'You signed in with a password someone gave you. Choose your own now; the one you were given stops working.'
    : 'Your other sessions are signed out when the password changes.',
  action: PASSWORD_PAGE,
  fields: [
    { name: 'current', label: 'Current password', type: 'password', autocomplete: 'current-password' },
    { name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: 'At least 10 characters.' },
    { name: 'again', label: 'New password again', type: 'password', autocomplete: 'new-password' },
  ],
  submit: 'Save password',
  error,
})

/** /password: a signed-in person changes their password (required after a one-time password). */
export function registerPasswordChange(app: Hono, store: Store): void {
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
    if (!me?.passwordHash || !(await verifyPassword(str('current'), me.passwordHash))) {
      return page(c, 401, form(must, 'The current password is not right.'))
    }
    const problem =
      passwordProblem(str('password')) ?? (str('password') !== str('again') ? 'The two new passwords differ.' : undefined)
    if (problem) return page(c, 400, form(must, problem))
    if (str('password') === str('current')) return page(c, 400, form(must, 'Choose a password different from the current one.'))
    await store.people.update(me.id, { passwordHash: await hashPassword(str('password')), mustChangePassword: false })
    // Every other session ends; this one goes on.
    for (const s of await store.sessions.list(me.id)) if (s.handle !== a.sessionHandle) await store.sessions.end(me.id, s.handle)
    return c.redirect('/', 303)
  })
}
