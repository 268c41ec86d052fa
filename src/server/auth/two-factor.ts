import { randomBytes } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import type { PersonWithHash, SessionInfo, Store } from '../store'
import { html } from 'hono/html'
import { PAGE_CSP, PAGE_CSP_WITH_SCRIPT, pageTheme, renderPage, safeNext, type PageOptions } from './pages'
import { PASSKEY_SCRIPT_PATH } from './passkey-script'
import { RECOVERY_ALPHABET, RECOVERY_SCRIPT_PATH, recoveryCodesBlock, registerRecoveryCodes } from './recovery-codes'
import { clientAddress, foreignPost } from './request-info'
import { recordSecurityEvent } from './security-audit'
import { SESSION_COOKIE, startSession, throttledWords } from './sign-in'
import { signInThrottle } from './throttle'
import { qrSvg } from './totp-qr'
import { authenticationOptions, relyingParty, verifyPasskeySignIn } from './webauthn'
import { PASSKEYS_PAGE, SECOND_FACTOR_PAGE, secondFactorRequired, TWO_FACTOR_PAGE } from './second-factor-need'

// Where the pages are and who must pass them live apart: sign-in.ts needs them, and this file needs sign-in.ts.
export { PASSKEYS_PAGE, SECOND_FACTOR_PAGE, secondFactorRequired, TWO_FACTOR_PAGE } from './second-factor-need'

const ISSUER = 'Zonekeeper'

/**
 * otplib, loaded on the first code checked or key made: loading it costs every start tens of
 * milliseconds of CPU, and most starts never check a code.
 */
let otplib: Promise<typeof import('otplib')> | undefined
const otp = () => (otplib ??= import('otplib'))

const normaliseRecovery = (code: string) => {
  const c = code.toLowerCase().replace(/[\s-]/g, '')
  return /^[a-z0-9]{10}$/.test(c) ? `${c.slice(0, 5)}-${c.slice(5)}` : undefined
}

export function recoveryCodes(n = 10): string[] {
  return Array.from({ length: n }, () => {
    const bytes = randomBytes(10)
    const s = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('')
    return `${s.slice(0, 5)}-${s.slice(5)}`
  })
}

/** The time step a 6-digit code matches (±1 step of 30 s), or undefined. */
async function totpStep(secret: string, code: string, nowMs: number): Promise<number | undefined> {
  const token = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return undefined
  const { verify } = await otp()
  const r = await verify({ secret, token, epoch: Math.floor(nowMs / 1000), epochTolerance: 30 })
  // A TOTP answer names the time step it matched (the union type also covers HOTP's answer).
  const step = r.valid ? (r as { timeStep?: number }).timeStep : undefined
  return typeof step === 'number' ? step : undefined
}

/** Checks a code once: a TOTP code of an enabled app (not replayed) or an unused recovery code. */
async function useCode(store: Store, personId: string, secret: string | undefined, code: string, nowMs: number) {
  const step = secret === undefined ? undefined : await totpStep(secret, code, nowMs)
  if (step !== undefined) return (await store.twoFactor.useStep(personId, step)) ? 'app' : undefined
  const recovery = normaliseRecovery(code)
  return recovery && (await store.twoFactor.useRecoveryCode(personId, recovery)) ? 'recovery code' : undefined
}

function page(c: Context, status: 200 | 400 | 401 | 409 | 429, o: PageOptions) {
  c.header('Content-Security-Policy', o.script ? PAGE_CSP_WITH_SCRIPT : PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'same-origin')
  return c.html(renderPage({ ...o, theme: pageTheme(c.req.header('cookie')) }), status)
}

const codeField = (error?: string) => ({
  name: 'code',
  label: 'Code',
  type: 'text' as const,
  autocomplete: 'one-time-code',
  hint: 'The 6 digits your authenticator app shows now, or one of your recovery codes.',
  error,
})

/**
 * Wrong second-factor codes allowed: per account, consecutive, across every address (NIST SP 800-63B
 * 5.2.2 allows at most 100; then the code step is locked until an administrator resets the person's
 * second factor, or for a day after the last counted attempt), and per waiting
 * session (then it ends: the password must be given again).
 */
export const SECOND_FACTOR_LIMITS = { accountConsecutive: 100, perSession: 5 }
/** The store's counter of an account's consecutive wrong codes (cleared by a right one or an administrator's reset). */
export const secondFactorAccountKey = (username: string) => `2fa-account:${username.toLowerCase()}`
const SECOND_FACTOR_LOCKED =
  'Too many wrong codes for this account: its second-factor sign-in is locked for a day. An administrator can unlock it by resetting your second factor (People → Reset two-factor).'
const TOO_MANY_FOR_SESSION = 'Too many wrong codes: this sign-in has ended. Sign in again with your password.'

/**
 * Two-factor sign-in for password accounts: authenticator-app codes (TOTP, RFC 6238, via otplib)
 * and ten recovery codes shown once. The code step is throttled like the password step (the same
 * counters, under the key `2fa:<username>`), and a code works once.
 */
export function registerTwoFactor(app: Hono, store: Store, now: () => number = Date.now): void {
  const throttle = signInThrottle(store, now)
  const current = async (c: Context) => store.sessions.resolveWithPerson(getCookie(c, SESSION_COOKIE))
  const who = (p: PersonWithHash) => ({ id: p.id, username: p.username, displayName: p.displayName })
  const small = bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Too large.', 413) })
  registerRecoveryCodes(app, store, now)
  /**
   * The second step: a passkey button (when the person has passkeys; a fresh one-time challenge each
   * time the page is shown) and the code form (the app's code or a recovery code).
   */
  const secondStep = async (c: Context, person: PersonWithHash, session: SessionInfo, next: string, error?: { code?: string; passkey?: string }): Promise<PageOptions> => {
    const passkeys = await store.passkeys.list(person.id)
    const app = (await store.twoFactor.get(person.id))?.enabled === true
    const codes = app || (await store.twoFactor.recoveryCodesLeft(person.id)) > 0
    const rp = passkeys.length ? relyingParty(c) : undefined
    const codeForm: Partial<PageOptions> = codes
      ? {
          action: SECOND_FACTOR_PAGE,
          hidden: { next },
          fields: [{ ...codeField(error?.code), ...(app ? {} : { hint: 'One of your recovery codes.' }) }],
          submit: 'Sign in with the code',
        }
      : {}
    const intro = `Your password was right. Now ${passkeys.length ? 'use your passkey' : ''}${passkeys.length && codes ? ', or ' : ''}${codes ? (app ? 'enter the code from your authenticator app' : 'enter a recovery code') : ''}.`
    if (!rp || 'problem' in rp) return { title: 'Two-factor sign-in', intro, ...codeForm, error: rp && 'problem' in rp ? rp.problem : error?.passkey }
    const options = await authenticationOptions(store, rp.rpID, person, session, passkeys)
    const passkeyForm = html`<form method="post" action="${SECOND_FACTOR_PAGE}"><input type="hidden" name="next" value="${next}"><input type="hidden" name="credential" value=""><button type="submit">Use a passkey</button></form>
<p id="passkey-status" role="status"></p>
${codes ? html`<h2>Or enter a code</h2>\n` : ''}`
    return { title: 'Two-factor sign-in', intro, ...codeForm, error: error?.passkey, beforeForm: passkeyForm, script: { src: PASSKEY_SCRIPT_PATH, data: { mode: 'get', options } } }
  }

  app.get(SECOND_FACTOR_PAGE, async (c) => {
    const found = await current(c)
    if (found?.session.secondFactor !== 'pending') return c.redirect('/', 303)
    return page(c, 200, await secondStep(c, found.person, found.session, safeNext(c.req.query('next'))))
  })

  app.post(SECOND_FACTOR_PAGE, small, async (c) => {
    if (foreignPost(c)) return c.text('Refused: it came from another site.', 403)
    const found = await current(c)
    if (found?.session.secondFactor !== 'pending') return c.redirect('/login', 303)
    const { person, session } = found
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined)
    const code = typeof form.code === 'string' ? form.code.slice(0, 64) : ''
    const credential = typeof form.credential === 'string' ? form.credential : ''
    const event = { area: 'sign-in' as const, action: 'second-factor', who: who(person), resourceType: 'session', resourceId: session.handle }
    const gate = await throttle.begin(`2fa:${person.username}`, clientAddress(c))
    if (!gate.ok) {
      const words = throttledWords(c, gate)
      await recordSecurityEvent(store, c, { ...event, outcome: 'refused', status: 429, reason: words })
      return page(c, 429, { ...(await secondStep(c, person, session, next)), error: words })
    }
    // The address throttle alone lets a guesser with the password spread codes over many addresses:
    // the account's consecutive wrong codes are capped whatever the address, and one waiting session
    // gets only a few (both counted in the store before the code is checked, so every instance and
    // every concurrent attempt shares them).
    const accountKey = secondFactorAccountKey(person.username)
    const sessionKey = `2fa-session:${session.handle}`
    if ((await store.throttle.countUpTo(accountKey, SECOND_FACTOR_LIMITS.accountConsecutive)) === undefined) {
      await gate.attempt.end()
      await recordSecurityEvent(store, c, { ...event, outcome: 'refused', status: 429, reason: SECOND_FACTOR_LOCKED })
      return page(c, 429, { title: 'Two-factor sign-in is locked', intro: SECOND_FACTOR_LOCKED, link: { href: '/login', text: 'Back to sign-in' } })
    }
    const tries = await store.throttle.countUpTo(sessionKey, SECOND_FACTOR_LIMITS.perSession)
    const endWaiting = async () => {
      await store.sessions.end(person.id, session.handle)
      await recordSecurityEvent(store, c, { ...event, outcome: 'refused', status: 401, reason: TOO_MANY_FOR_SESSION })
      return page(c, 401, { title: 'Sign in again', intro: TOO_MANY_FOR_SESSION, link: { href: '/login', text: 'Back to sign-in' } })
    }
    if (tries === undefined) {
      await gate.attempt.end()
      return endWaiting()
    }
    try {
      let used: string | undefined
      if (credential) {
        // A passkey: the same throttle, the same audit entries as a code.
        const checked = await verifyPasskeySignIn(store, c, person, session, credential)
        if (!checked.ok) {
          await recordSecurityEvent(store, c, { ...event, outcome: 'failure', status: 401, reason: `passkey: ${checked.reason}` })
          return page(c, 401, await secondStep(c, person, session, next, { passkey: checked.words }))
        }
        used = `passkey "${checked.value.name}"`
      } else {
        const tf = await store.twoFactor.get(person.id)
        used = await useCode(store, person.id, tf?.enabled ? tf.secret : undefined, code, now())
      }
      if (!used) {
        await recordSecurityEvent(store, c, { ...event, outcome: 'failure', status: 401, reason: 'wrong or used code' })
        if (tries >= SECOND_FACTOR_LIMITS.perSession) return endWaiting()
        return page(c, 401, await secondStep(c, person, session, next, { code: 'That code is not right (or was used already). Try the next one your app shows.' }))
      }
      await gate.attempt.succeeded()
      await store.throttle.clear([accountKey, sessionKey])
      // A fresh session for the signed-in person; the waiting one ends.
      await store.sessions.end(person.id, session.handle)
      const handle = await startSession(store, c, person.id)
      await recordSecurityEvent(store, c, { ...event, resourceId: handle, outcome: 'success', status: 303, after: { with: used } })
      return c.redirect(next, 303)
    } finally {
      await gate.attempt.end()
    }
  })

  // The key three ways: a QR code to scan, the key in groups of four to type, and the otpauth address
  // (a link for an app on the same device; as text it breaks anywhere, so it never widens a phone's page).
  // prettier-ignore
  const setupPage = async (person: PersonWithHash, required: boolean, error?: string): Promise<PageOptions> => {
    const { generateSecret, generateURI } = await otp()
    const secret = await store.twoFactor.prepare(person.id, generateSecret())
    const uri = generateURI({ issuer: ISSUER, label: person.username, secret })
    const key = secret.replace(/(.{4})/g, '$1 ').trim()
    const ways = html`${qrSvg(uri, `QR code for your authenticator app: it holds the otpauth address below, with your key for ${ISSUER} (${person.username}).`)}
<h2>Or type the key</h2>
<p class="hint">In the app, add an account by hand (time-based, 6 digits, every 30 seconds), with this key:</p>
<p class="key"><code id="totp-key">${key}</code></p>
<p class="hint">On the device with the app, you can also open this address: <a class="mono wrap-anywhere" href="${uri}">${uri}</a></p>
<h2>Then enter its code</h2>
`
    return {
      title: 'Set up two-factor sign-in',
      intro: `${required ? 'An administrator requires a second factor for your account. ' : ''}Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.`,
      beforeForm: ways,
      action: TWO_FACTOR_PAGE,
      hidden: { action: 'enable' },
      fields: [{ ...codeField(error), hint: 'The 6 digits your authenticator app shows now.' }],
      submit: 'Turn on two-factor sign-in',
      link: { href: PASSKEYS_PAGE, text: (await store.passkeys.count(person.id)) ? 'Your passkeys' : 'Use a passkey instead' },
    }
  }
  const requiredFor = (p: PersonWithHash) => secondFactorRequired(store, p)
  const statusPage = (left: number, required: boolean, error?: string): PageOptions => ({
    title: 'Two-factor sign-in is on',
    intro: `Signing in asks for a code from your authenticator app. ${left} recovery code(s) left.${required ? ' An administrator requires it for your account.' : ''}`,
    link: { href: PASSKEYS_PAGE, text: 'Passkeys' },
    ...(required
      ? {}
      : {
          action: TWO_FACTOR_PAGE,
          hidden: { action: 'disable' },
          fields: [{ ...codeField(error), hint: 'To turn it off, enter a current code or a recovery code.' }],
          submit: 'Turn off two-factor sign-in',
        }),
  })

  app.get(TWO_FACTOR_PAGE, async (c) => {
    const found = await current(c)
    if (!found?.person.passwordHash) return c.redirect('/account', 303)
    const tf = await store.twoFactor.get(found.person.id)
    // With a passkey, the app is not the only second factor: it may be turned off.
    const required = (await requiredFor(found.person)) && (await store.passkeys.count(found.person.id)) === 0
    return page(c, 200, tf?.enabled ? statusPage(tf.recoveryCodesLeft, required) : await setupPage(found.person, required))
  })

  app.post(TWO_FACTOR_PAGE, small, async (c) => {
    if (foreignPost(c)) return c.text('Refused: it came from another site.', 403)
    const found = await current(c)
    if (!found?.person.passwordHash || found.session.secondFactor === 'pending') return c.redirect('/account', 303)
    const { person, session } = found
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const code = typeof form.code === 'string' ? form.code.slice(0, 64) : ''
    const passkeys = await store.passkeys.count(person.id)
    const required = (await requiredFor(person)) && passkeys === 0
    const gate = await throttle.begin(`2fa:${person.username}`, clientAddress(c))
    if (!gate.ok) return page(c, 429, { ...(await setupPage(person, required)), error: throttledWords(c, gate) })
    try {
      const tf = await store.twoFactor.get(person.id)
      if (form.action === 'disable' && tf?.enabled) {
        if (required) return page(c, 409, statusPage(tf.recoveryCodesLeft, true, 'An administrator requires a second factor for your account.'))
        if (!(await useCode(store, person.id, tf.secret, code, now()))) {
          return page(c, 401, statusPage(tf.recoveryCodesLeft, required, 'That code is not right (or was used already).'))
        }
        await gate.attempt.succeeded()
        // Passkeys left: they keep the recovery codes.
        await (passkeys ? store.twoFactor.removeApp(person.id) : store.twoFactor.reset(person.id))
        await recordSecurityEvent(store, c, { area: 'sign-in', action: 'two-factor-off', who: who(person), resourceType: 'two_factor', resourceId: person.id, outcome: 'success', status: 200 })
        return page(c, 200, { title: 'Two-factor sign-in is off', intro: 'Signing in needs only your password again.' })
      }
      if (!tf || tf.enabled) return c.redirect(TWO_FACTOR_PAGE, 303)
      const step = await totpStep(tf.secret, code, now())
      const codes = recoveryCodes()
      if (step === undefined || !(await store.twoFactor.enable(person.id, step, codes))) {
        return page(c, 401, await setupPage(person, required, 'That code is not right. Check the key in your app and its clock.'))
      }
      await gate.attempt.succeeded()
      await recordSecurityEvent(store, c, { area: 'sign-in', action: 'two-factor-on', who: who(person), resourceType: 'two_factor', resourceId: person.id, outcome: 'success', status: 200 })
      // A session that had to set one up first becomes a full one (a fresh session, the old one ends).
      let kept = session.handle
      if (session.secondFactor === 'enrol') {
        await store.sessions.end(person.id, session.handle)
        kept = await startSession(store, c, person.id)
      }
      // Sessions signed in with the password alone end, as after a password change: only this one
      // proved the new factor (someone who knew the password and signed in elsewhere is out).
      await store.sessions.endOthers(person.id, kept)
      return page(c, 200, {
        title: 'Two-factor sign-in is on',
        intro: 'Save these recovery codes somewhere safe, such as a password manager: each signs you in once if you lose your phone. They are not shown again.',
        beforeForm: recoveryCodesBlock(codes),
        link: { href: '/', text: 'Continue to the dashboard' },
        script: { src: RECOVERY_SCRIPT_PATH },
      })
    } finally {
      await gate.attempt.end()
    }
  })
}
