import decodeQR from '@paulmillr/qr/decode.js'
import { Window, type HTMLElement } from 'happy-dom'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { RECOVERY_SCRIPT, recoveryCodesBlock } from './recovery-codes'
import { addPerson, fromAddress, login } from '../../testing/server/auth'

/**
 * The pages that set up a second factor, as served: the authenticator app's QR code (decoded here
 * from the page's own SVG), the key to type, nothing wider than a phone, the recovery codes with
 * their copy button and download, and the pages' Content-Security-Policy.
 */
const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? ''
const form = (cookie: string, body: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(body).toString(),
})
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const mainOf = (page: string) => /<main>([\s\S]*)<\/main>/.exec(page)![1]

/** Reads the page's QR code: the SVG's runs of dark modules drawn as pixels, then decoded as a camera would. */
function readQr(page: string): string {
  const svg = /<svg class="qr"[\s\S]*?<\/svg>/.exec(page)![0]
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1])
  const d = /<path fill="#000" d="([^"]*)"/.exec(svg)![1]
  const scale = 6
  const width = size * scale
  const data = new Uint8Array(width * width * 4).fill(255)
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)]
  // Every bit of the path is such a run: nothing else is drawn that this reading would miss.
  expect(runs.map((m) => m[0]).join('')).toBe(d)
  for (const [, x0, y0, n] of runs) {
    for (let y = Number(y0) * scale; y < (Number(y0) + 1) * scale; y++) {
      for (let x = Number(x0) * scale; x < (Number(x0) + Number(n)) * scale; x++)
        data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3)
    }
  }
  return decodeQR({ width, height: width, data })
}

/** The longest run of text without a break opportunity, outside what is set to break anywhere. */
function longestUnbreakable(page: string): string {
  const text = mainOf(page)
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<(\w+) class="[^"]*\bwrap-anywhere\b[^"]*"[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
  return unescape(text)
    .split(/[\s\u200b]+/)
    .reduce((a, b) => (b.length > a.length ? b : a), '')
}

/** The page's CSP refuses inline script: script-src (or default-src) with no 'unsafe-inline', nonce or hash. */
function blocksInlineScript(csp: string | null): boolean {
  const directives = new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  )
  const scripts = directives.get('script-src') ?? directives.get('default-src')
  return (
    !!scripts &&
    !scripts.some(
      (v) =>
        v === "'unsafe-inline'" ||
        v === "'unsafe-eval'" ||
        v.startsWith("'nonce-") ||
        v.startsWith("'sha") ||
        v === '*' ||
        v === 'data:',
    )
  )
}

/** The page runs nothing inline: its script elements are same-site files or JSON, and no element has an on… handler. */
function noInlineScript(page: string) {
  for (const [tag] of page.matchAll(/<script\b[^>]*>/g))
    expect(tag).toMatch(/^<script (src="\/[^/"][^"]*"|type="application\/json" id="zk-data")>$/)
  expect(page).not.toMatch(/\son\w+\s*=/i)
  expect(page).not.toMatch(/javascript:/i)
}

describe('setting up the authenticator app, as served', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const address = '203.0.113.140'
  let cookie = ''
  let setup: Response
  let page = ''
  beforeAll(async () => {
    const { password } = await addPerson(store, 'quinn', 'editor')
    cookie = cookieOf(await login(app, 'quinn', password, address))
    setup = await app.request('/two-factor', { headers: { cookie } }, fromAddress(address))
    page = await setup.text()
  })
  afterAll(() => store.close())

  it('shows a QR code that holds exactly the otpauth address of the key shown, with a text alternative', async () => {
    expect(setup.status).toBe(200)
    const address = unescape(/<a class="mono wrap-anywhere" href="([^"]+)">([^<]+)<\/a>/.exec(page)![1])
    expect(unescape(/<a class="mono wrap-anywhere" href="[^"]+">([^<]+)<\/a>/.exec(page)![1])).toBe(address)
    const secret = (await store.twoFactor.get((await store.people.byUsername('quinn'))!.id))!.secret
    expect(address).toBe(`otpauth://totp/Zonekeeper:quinn?secret=${secret}&issuer=Zonekeeper`)
    expect(readQr(page)).toBe(address)
    expect(page).toMatch(
      /<svg class="qr"[^>]* role="img" aria-labelledby="qr-title"[^>]*><title id="qr-title">QR code for your authenticator app[^<]+<\/title>/,
    )
    // The key to type by hand: in groups of four, in one element a tap selects whole.
    const key = /<p class="key"><code id="totp-key">([^<]+)<\/code><\/p>/.exec(page)![1]
    expect(key).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
    expect(key.replace(/ /g, '')).toBe(secret)
    expect(page).toContain('.key { font-size: 1.15rem; line-height: 1.6; word-spacing: 0.2em; user-select: all; }')
    // And the code it makes turns it on.
    const on = await app.request(
      '/two-factor',
      form(cookie, { action: 'enable', code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) }),
      fromAddress(address),
    )
    expect(on.status).toBe(200)
  })

  it('has no line a 390 px phone cannot wrap: the otpauth address breaks anywhere', () => {
    expect(page).toContain('.wrap-anywhere { overflow-wrap: anywhere; word-break: break-all; }')
    // About 28 characters of the page's text fill a phone's card; the longest word is far shorter.
    expect(longestUnbreakable(page).length).toBeLessThanOrEqual(28)
  })

  it('keeps a CSP that blocks inline script, and runs none', () => {
    expect(blocksInlineScript(setup.headers.get('content-security-policy'))).toBe(true)
    noInlineScript(page)
    expect(/<svg class="qr"[\s\S]*?<\/svg>/.exec(page)![0]).not.toMatch(/<(script|foreignObject|a|image|use)\b/)
  })
})

describe('recovery codes, shown once', () => {
  const store = createStore({ dataDir: ':memory:' })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  const address = '203.0.113.150'
  let cookie = ''
  let shown: Response
  let page = ''
  let codes: string[] = []
  beforeAll(async () => {
    const { password } = await addPerson(store, 'rae', 'viewer')
    cookie = cookieOf(await login(app, 'rae', password, address))
    const setup = await (await app.request('/two-factor', { headers: { cookie } }, fromAddress(address))).text()
    const secret = /secret=([A-Z2-7]+)/.exec(setup)![1]
    shown = await app.request(
      '/two-factor',
      form(cookie, { action: 'enable', code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) }),
      fromAddress(address),
    )
    cookie = cookieOf(shown) || cookie
    page = await shown.text()
    codes = [.../<ul class="codes"[^>]*>([\s\S]*?)<\/ul>/.exec(page)![1].matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1])
  })
  afterAll(() => store.close())

  it('lists them readably, with Copy all (its script allowed by the CSP, nothing inline) and a download form', async () => {
    expect(shown.status).toBe(200)
    expect(codes).toHaveLength(10)
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    // Normal size and the page's own text colour, not the grey hint style.
    expect(page).toContain('ul.codes code { font-size: 1.05rem; color: var(--fg); }')
    expect(page).not.toMatch(/class="hint"[^>]*>[^<]*[a-z2-9]{5}-[a-z2-9]{5}/)
    expect(page).toContain('<button type="button" id="copy-codes" hidden>Copy all</button>')
    expect(page).toContain('<script src="/login/recovery-codes.js"></script>')
    const csp = shown.headers.get('content-security-policy')
    expect(csp).toContain("script-src 'self'")
    expect(blocksInlineScript(csp)).toBe(true)
    noInlineScript(page)
    const script = await app.request('/login/recovery-codes.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('downloads exactly the codes shown as a text attachment, never cached, by a POST of the page', async () => {
    const [, action, value] =
      /<form method="post" action="([^"]+)"><input type="hidden" name="codes" value="([^"]*)"><button type="submit">Download as a text file<\/button><\/form>/.exec(
        page,
      )!
    expect(action).toBe('/two-factor/recovery-codes')
    const res = await app.request(action, form(cookie, { codes: value }, { origin: 'http://localhost' }), fromAddress(address))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="zonekeeper-recovery-codes.txt"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const file = await res.text()
    expect(file.match(/^[a-z2-9]{5}-[a-z2-9]{5}$/gm)).toEqual(codes)
    expect(file).toMatch(/^Zonekeeper recovery codes for rae \(saved \d{4}-\d\d-\d\d \d\d:\d\d UTC\)\n/)
    // And they are the account's codes: one signs in.
    const waiting = cookieOf(await login(app, 'rae', 'rae-password-1', '203.0.113.151'))
    const used = await app.request(
      '/login/two-factor',
      form(waiting, { code: file.match(/^[a-z2-9]{5}-[a-z2-9]{5}$/m)![0] }),
      fromAddress('203.0.113.151'),
    )
    expect(used.status).toBe(303)
  })

  it('refuses a download from another site, without a session, or of anything but recovery codes', async () => {
    const codesValue = codes.join(' ')
    expect(
      (await app.request('/two-factor/recovery-codes', form(cookie, { codes: codesValue }, { origin: 'https://evil.example' })))
        .status,
    ).toBe(403)
    expect((await app.request('/two-factor/recovery-codes', form('', { codes: codesValue }))).status).toBe(401)
    for (const bad of [
      '<script>alert(1)</script>',
      '',
      `${codesValue} ${codes[0]}`,
      'ABCDE-FGHJK',
      'aaaaa-bbbbb\r\nSet-Cookie: x',
    ]) {
      const res = await app.request('/two-factor/recovery-codes', form(cookie, { codes: bad }))
      expect(res.status, bad).toBe(400)
      expect(res.headers.get('content-disposition')).toBeNull()
    }
    // No GET carries codes (they would land in logs and history).
    const get = await app.request(`/two-factor/recovery-codes?codes=${encodeURIComponent(codesValue)}`, { headers: { cookie } })
    expect(get.headers.get('content-disposition')).toBeNull()
    expect(await get.text()).not.toContain(codes[0])
  })
})

describe('the Copy all script, in a browser document', () => {
  const codes = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678']
  const run = (clipboard: { writeText?: (t: string) => Promise<void> } | undefined) => {
    const window = new Window({ url: 'https://zonekeeper.example/two-factor' })
    window.document.body.innerHTML = `<main>${String(recoveryCodesBlock(codes))}</main>`
    const navigator = clipboard ? { clipboard } : {}
    new Function('window', 'document', 'navigator', RECOVERY_SCRIPT)(window, window.document, navigator)
    const button = window.document.getElementById('copy-codes') as HTMLElement
    const status = () => window.document.getElementById('copy-status')!.textContent
    return { window, button, status }
  }
  const settle = () => new Promise((ok) => setTimeout(ok, 0))

  it('shows the button and copies the codes, one a line', async () => {
    let copied = ''
    const { button, status } = run({ writeText: async (t) => void (copied = t) })
    expect(button.hidden).toBe(false)
    button.click()
    await settle()
    expect(copied).toBe('abcde-fghjk\nmnpqr-stuvw\nxyz23-45678\n')
    expect(status()).toBe('Copied 3 recovery codes. Paste them somewhere safe, such as a password manager.')
  })

  it('without a clipboard, or when it refuses, selects the codes and says so on the page', async () => {
    for (const clipboard of [undefined, { writeText: () => Promise.reject(new Error('NotAllowedError')) }]) {
      const { window, button, status } = run(clipboard)
      button.click()
      await settle()
      expect(status()).toMatch(/^Copying is not available in this browser\. The codes are selected/)
      expect(window.getSelection()!.toString()).toContain('mnpqr-stuvw')
    }
  })
})
