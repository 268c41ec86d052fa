import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import { html } from 'hono/html'
import type { Store } from '../store'
import type { Markup } from './pages'
import { foreignPost } from './request-info'
import { SESSION_COOKIE } from './sign-in'

/** Where the pages that show recovery codes load their copy button (open without a session: it holds nothing private). */
export const RECOVERY_SCRIPT_PATH = '/login/recovery-codes.js'
/** Where "Download as a text file" posts the codes shown on the page. */
export const RECOVERY_DOWNLOAD_PATH = '/two-factor/recovery-codes'

export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
/** A recovery code as the server makes them (`recoveryCodes` in two-factor.ts): 5 + 5 of the alphabet. */
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_ALPHABET}]{5}-[${RECOVERY_ALPHABET}]{5}$`)
/** At most this many codes in one download (ten are made at a time). */
const MAX_CODES = 10

/**
 * "Copy all" for the recovery codes: copies the list's codes, one per line. The button is hidden in
 * the markup and shown by this script, so a browser without script never shows a dead button. Where
 * the clipboard is not available (not a secure context, permission refused, an old browser) it selects
 * the codes instead and says so, so Ctrl+C or the download still work. Plain ES2017, text only.
 */
export const RECOVERY_SCRIPT = `'use strict';
(function () {
  var list = document.getElementById('recovery-codes');
  var button = document.getElementById('copy-codes');
  var status = document.getElementById('copy-status');
  if (!list || !button) return;
  var say = function (text) { if (status) status.textContent = text; };
  var codes = Array.prototype.map.call(list.querySelectorAll('code'), function (c) { return c.textContent; });
  var selectCodes = function () {
    var sel = window.getSelection && window.getSelection();
    if (!sel || !document.createRange) return;
    var range = document.createRange();
    range.selectNodeContents(list);
    sel.removeAllRanges();
    sel.addRange(range);
  };
  var unavailable = function () {
    selectCodes();
    say('Copying is not available in this browser. The codes are selected: press Ctrl+C (or ⌘C) to copy them, or download them as a text file.');
  };
  button.hidden = false;
  button.addEventListener('click', function () {
    if (!navigator.clipboard || !navigator.clipboard.writeText) { unavailable(); return; }
    navigator.clipboard.writeText(codes.join('\\n') + '\\n').then(function () {
      say('Copied ' + codes.length + ' recovery codes. Paste them somewhere safe, such as a password manager.');
    }, unavailable);
  });
})();
`

/** The codes posted back for download, if every one is a recovery code as made here; else undefined. */
function postedCodes(value: unknown): string[] | undefined {
  if (typeof value !== 'string' || value.length > 400) return undefined
  const codes = value.split(/\s+/).filter(Boolean)
  return codes.length > 0 && codes.length <= MAX_CODES && codes.every((c) => RECOVERY_CODE.test(c)) ? codes : undefined
}

/** The text file of recovery codes: what they are, then one code a line. */
function recoveryCodesFile(username: string, codes: string[], nowMs: number): string {
  const when = new Date(nowMs).toISOString().slice(0, 16).replace('T', ' ')
  return [
    `Zonekeeper recovery codes for ${username} (saved ${when} UTC)`,
    'Each code signs you in once, in place of your authenticator app or passkey.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/**
 * The recovery codes, shown once: a list of readable codes, "Copy all" (RECOVERY_SCRIPT) and
 * "Download as a text file" (a POST of the codes on the page, answered as an attachment; the server
 * keeps only their hashes, so the page is where they come from, and a POST keeps them out of URLs,
 * logs and history).
 */
// prettier-ignore
export function recoveryCodesBlock(codes: string[]): Markup {
  const items = codes.map((code, i) => html`${i ? '\n' : ''}<li><code>${code}</code></li>`)
  return html`<h2 id="recovery-codes-title">Your recovery codes</h2>
<ul class="codes" id="recovery-codes" aria-labelledby="recovery-codes-title">
${items}
</ul>
<div class="actions"><button type="button" id="copy-codes" hidden>Copy all</button>
<form method="post" action="${RECOVERY_DOWNLOAD_PATH}"><input type="hidden" name="codes" value="${codes.join(' ')}"><button type="submit">Download as a text file</button></form></div>
<p id="copy-status" role="status"></p>
`
}

/** The copy button's script and the download of the codes a page showed. */
export function registerRecoveryCodes(app: Hono, store: Store, now: () => number = Date.now): void {
  const small = bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.text('Too large.', 413) })

  app.get(RECOVERY_SCRIPT_PATH, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(RECOVERY_SCRIPT)
  })

  app.post(RECOVERY_DOWNLOAD_PATH, small, async (c: Context) => {
    if (foreignPost(c)) return c.text('Refused: it came from another site.', 403)
    const found = await store.sessions.resolveWithPerson(getCookie(c, SESSION_COOKIE))
    if (!found || found.session.secondFactor === 'pending') return c.text('Sign in to the dashboard first.', 401)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const codes = postedCodes(form.codes)
    // Only recovery codes as made here: this answer never carries other text under the site's name.
    if (!codes) return c.text('These are not recovery codes of this dashboard. Copy them from the page instead.', 400)
    c.header('Content-Type', 'text/plain; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="zonekeeper-recovery-codes.txt"`)
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'same-origin')
    return c.body(recoveryCodesFile(found.person.username, codes, now()))
  })
}
