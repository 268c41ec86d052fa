import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import type { Passkey, PersonWithHash, SessionInfo, Store } from '../store'
import { html } from 'hono/html'
import { PAGE_CSP_WITH_SCRIPT, pageTheme, renderPage, type Markup, type PageOptions } from './pages'
import { PASSKEY_SCRIPT, PASSKEY_SCRIPT_PATH } from './passkey-script'
import { RECOVERY_SCRIPT_PATH, recoveryCodesBlock } from './recovery-codes'
import { foreignPost } from './request-info'
import { recordSecurityEvent } from './security-audit'
import { SESSION_COOKIE, startSession } from './sign-in'
import { PASSKEYS_PAGE, recoveryCodes, secondFactorRequired, TWO_FACTOR_PAGE } from './two-factor'
import { registrationOptions, relyingParty, verifyNewPasskey } from './webauthn'

const MAX_NAME = 60

function page(c: Context, status: 200 | 400 | 404 | 409, o: PageOptions) {
  c.header('Content-Security-Policy', PAGE_CSP_WITH_SCRIPT)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'same-origin')
  return c.html(renderPage({ ...o, theme: pageTheme(c.req.header('cookie')) }), status)
}

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'

/** The list of passkeys, each with its own Remove form (names are the person's text: escaped). */
function passkeyList(passkeys: Passkey[]): Markup {
  if (!passkeys.length) return html`<h2>Your passkeys</h2>\n<p>None yet.</p>\n`
  const items = passkeys.map((p, i) => {
    const used = p.lastUsedAt ? `last used ${when(p.lastUsedAt)}` : 'not used yet'
    return html`${i ? '\n' : ''}<li><strong>${p.name}</strong><br><span class="hint">added ${when(p.createdAt)}, ${used}</span><br><form method="post" action="${PASSKEYS_PAGE}"><input type="hidden" name="action" value="remove"><input type="hidden" name="id" value="${p.id}"><button type="submit" aria-label="Remove passkey ${p.name}">Remove</button></form></li>`
  })
  return html`<h2>Your passkeys</h2>\n<ul class="items">\n${items}\n</ul>\n<h2>Add a passkey</h2>\n`
}

/** A passkey's name as the person typed it: one line, no control characters, at most 60 characters. */
function nameProblem(name: string): string | undefined {
  if (!name) return 'Give the passkey a name (e.g. "Work laptop").'
  if (name.length > MAX_NAME) return `At most ${MAX_NAME} characters.`
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse here
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Use letters, digits, spaces and punctuation only.'
  return undefined
}

/**
 * Passkeys (WebAuthn) as a second factor for password accounts, through @simplewebauthn/server.
 * This page lists them and adds one (the browser's prompt runs in PASSKEY_SCRIPT); the sign-in step
 * that uses them is in two-factor.ts. A person who must set up a second factor may choose a passkey
 * here instead of the app (their `enrol` session reaches this page).
 */
export function registerPasskeys(app: Hono, store: Store): void {
  const current = async (c: Context) => store.sessions.resolveWithPerson(getCookie(c, SESSION_COOKIE))
  const who = (p: PersonWithHash) => ({ id: p.id, username: p.username, displayName: p.displayName })
  const limit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text('Too large.', 413) })

  app.get(PASSKEY_SCRIPT_PATH, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(PASSKEY_SCRIPT)
  })

  const managePage = async (c: Context, person: PersonWithHash, session: SessionInfo, o: { error?: string; name?: string } = {}): Promise<PageOptions> => {
    const passkeys = await store.passkeys.list(person.id)
    const rp = relyingParty(c)
    const base: PageOptions = {
      title: 'Passkeys',
      intro:
        'A passkey (your device’s fingerprint or face unlock, its PIN, or a security key) can be your second factor: after your password, sign-in asks for it instead of a code.',
      beforeForm: html`${passkeyList(passkeys)}<p id="passkey-status" role="status"></p>\n`,
      link: { href: session.secondFactor === 'enrol' ? TWO_FACTOR_PAGE : '/account', text: session.secondFactor === 'enrol' ? 'Use an authenticator app instead' : 'Back to your account' },
      error: o.error,
    }
    if ('problem' in rp) return { ...base, error: o.error ?? rp.problem }
    return {
      ...base,
      action: PASSKEYS_PAGE,
      hidden: { action: 'add', credential: '' },
      fields: [{ name: 'name', label: 'Name of the new passkey', type: 'text', autocomplete: 'off', value: o.name, hint: 'So you can tell your passkeys apart, e.g. "Work laptop".' }],
      submit: 'Add a passkey',
      script: { src: PASSKEY_SCRIPT_PATH, data: { mode: 'create', options: await registrationOptions(store, rp.rpID, person, session, passkeys) } },
    }
  }

  app.get(PASSKEYS_PAGE, async (c) => {
    const found = await current(c)
    if (!found?.person.passwordHash || found.session.secondFactor === 'pending') return c.redirect('/account', 303)
    return page(c, 200, await managePage(c, found.person, found.session))
  })

  app.post(PASSKEYS_PAGE, limit, async (c) => {
    if (foreignPost(c)) return c.text('Refused: it came from another site.', 403)
    const found = await current(c)
    if (!found?.person.passwordHash || found.session.secondFactor === 'pending') return c.redirect('/account', 303)
    const { person, session } = found
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const str = (v: unknown) => (typeof v === 'string' ? v : '')

    if (form.action === 'remove' && session.secondFactor !== 'enrol') {
      const id = str(form.id).slice(0, 40)
      const passkeys = await store.passkeys.list(person.id)
      if (!passkeys.some((p) => p.id === id)) return page(c, 404, await managePage(c, person, session, { error: 'No such passkey (removed already?).' }))
      const app = await store.twoFactor.get(person.id)
      if (passkeys.length === 1 && !app?.enabled && (await secondFactorRequired(store, person))) {
        return page(c, 409, await managePage(c, person, session, { error: 'An administrator requires a second factor for your account: add another passkey or an authenticator app before removing your last passkey.' }))
      }
      const name = await store.passkeys.remove(person.id, id)
      if (name === undefined) return page(c, 404, await managePage(c, person, session, { error: 'No such passkey (removed already?).' }))
      // The last second factor gone: its recovery codes go with it.
      if (!app?.enabled && (await store.passkeys.count(person.id)) === 0) await store.twoFactor.reset(person.id)
      await recordSecurityEvent(store, c, { area: 'sign-in', action: 'two-factor-off', who: who(person), resourceType: 'passkey', resourceId: id, outcome: 'success', status: 200, after: { passkey: name } })
      return page(c, 200, { ...(await managePage(c, person, session)), intro: `Passkey "${name}" removed: it no longer signs you in.` })
    }

    if (form.action !== 'add') return page(c, 400, await managePage(c, person, session, { error: 'Choose Add a passkey or Remove.' }))
    const name = str(form.name).trim()
    const problem = nameProblem(name)
    if (problem) return page(c, 400, await managePage(c, person, session, { error: problem, name: name.slice(0, MAX_NAME) }))
    const checked = await verifyNewPasskey(store, c, person, session, str(form.credential))
    const event = { area: 'sign-in' as const, action: 'two-factor-on', who: who(person), resourceType: 'passkey' }
    if (!checked.ok) {
      await recordSecurityEvent(store, c, { ...event, outcome: 'failure', status: 400, reason: checked.reason })
      return page(c, 400, await managePage(c, person, session, { error: checked.words, name }))
    }
    const added = await store.passkeys.add(person.id, { ...checked.value, name })
    if (!added) return page(c, 409, await managePage(c, person, session, { error: 'That passkey is registered already.', name }))
    await recordSecurityEvent(store, c, { ...event, resourceId: added.id, outcome: 'success', status: 200, after: { passkey: name, transports: added.transports } })
    // The first second factor of a person: recovery codes, shown once, for when the device is lost.
    const codes = recoveryCodes()
    const fresh = await store.twoFactor.addRecoveryCodesIfNone(person.id, codes)
    // A session that had to set one up first becomes a full one (a fresh session, the old one ends).
    let kept = session.handle
    if (session.secondFactor === 'enrol') {
      await store.sessions.end(person.id, session.handle)
      kept = await startSession(store, c, person.id)
    }
    // The person's first second factor: sessions signed in with the password alone end (as after a
    // password change); only this one proved the passkey.
    if (fresh) await store.sessions.endOthers(person.id, kept)
    return page(c, 200, {
      title: 'Passkey added',
      intro: `"${name}" now signs you in after your password.${fresh ? ' Save these recovery codes somewhere safe, such as a password manager: each signs you in once if you lose your passkeys. They are not shown again.' : ''}`,
      ...(fresh ? { beforeForm: recoveryCodesBlock(codes), script: { src: RECOVERY_SCRIPT_PATH } } : {}),
      link: session.secondFactor === 'enrol' ? { href: '/', text: 'Continue to the dashboard' } : { href: PASSKEYS_PAGE, text: 'Back to your passkeys' },
    })
  })
}
