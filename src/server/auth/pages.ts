import { html, raw } from 'hono/html'

/**
 * Markup built with Hono's `html` tagged template: every value put in it is text, escaped (`& < > " '`),
 * unless it is itself such markup. `raw` only for this file's own constants and JSON made safe here.
 */
export type Markup = ReturnType<typeof html>

/** Where to go after signing in: a path on this site only (no `//host`, no `/\host`, no scheme). */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 2000) return '/'
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse here
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f\\]/.test(next)) return '/'
  if (/^\/(login|setup|logout)(\?|$)/.test(next)) return '/'
  return next
}

/** Content-Security-Policy of the server-rendered pages: their own inline style and forms only. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/**
 * The dashboard's theme choice, kept in a cookie beside its local storage (`src/lib/theme.ts`) so
 * these pages, which run no script, can follow it; without one they follow the system's setting.
 */
export const THEME_COOKIE = 'zonekeeper-theme'

/** The theme chosen in the dashboard, from the request's Cookie header (undefined: follow the system). */
export function pageTheme(cookieHeader: string | undefined): 'light' | 'dark' | undefined {
  const m = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)`).exec(cookieHeader ?? '')
  return m ? (m[1] as 'light' | 'dark') : undefined
}

const DARK = '--bg: #111827; --fg: #e5e7eb; --card: #1f2937; --hint: #9ca3af; --error: #fca5a5; --field: #111827; --link: #93c5fd; color-scheme: dark;'

// Sized to fit a 390 px phone: the card takes the width left by the page's padding (border-box,
// minmax(0, 1fr) so a long word cannot widen the grid), and long unbroken text such as the
// authenticator's otpauth address wraps anywhere instead of pushing the page sideways.
const STYLE = `
  :root { --bg: #f4f5f7; --fg: #1d2330; --card: #fff; --hint: #4b5563; --error: #b91c1c; --field: #fff; --link: #1d4ed8; color-scheme: light; }
  @media (prefers-color-scheme: dark) { :root:not([data-theme=light]) { ${DARK} } }
  :root[data-theme=dark] { ${DARK} }
  *, *::before, *::after { box-sizing: border-box; }
  body { font-family: system-ui, sans-serif; margin: 0; padding: 1rem; min-height: 100vh; display: grid; grid-template-columns: minmax(0, 1fr); place-items: center; background: var(--bg); color: var(--fg); }
  main { background: var(--card); padding: clamp(1rem, 5vw, 2rem); border-radius: 8px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); width: min(26rem, 100%); min-width: 0; overflow-wrap: anywhere; }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { line-height: 1.5; }
  a { color: var(--link); }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { width: 100%; max-width: 100%; font-size: 1rem; padding: 0.55rem; border: 1px solid #6b7280; border-radius: 4px; background: var(--field); color: var(--fg); }
  h2 { font-size: 1.1rem; margin: 1.25rem 0 0.25rem; }
  ul.items { padding: 0; list-style: none; } ul.items li { padding: 0.5rem 0; border-bottom: 1px solid #d1d5db; }
  ul.items form { display: inline; } ul.items button { margin: 0.25rem 0 0; padding: 0.3rem 0.8rem; background: #b91c1c; }
  input:focus, button:focus, a:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  button, .button { display: inline-block; max-width: 100%; margin-top: 1rem; font-size: 1rem; padding: 0.55rem 1.2rem; border: 0; border-radius: 4px; background: #1d4ed8; color: #fff; cursor: pointer; text-decoration: none; }
  .error { color: var(--error); font-weight: 600; }
  .hint { color: var(--hint); font-size: 0.9rem; margin: 0.25rem 0 0; }
  [hidden] { display: none !important; }
  code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  .qr { display: block; width: min(100%, 15rem); height: auto; margin: 0.75rem auto; border: 1px solid #d1d5db; }
  .key { font-size: 1.15rem; line-height: 1.6; word-spacing: 0.2em; user-select: all; }
  .wrap-anywhere { overflow-wrap: anywhere; word-break: break-all; }
  ul.codes { list-style: none; padding: 0; margin: 0.5rem 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); gap: 0.35rem 1rem; }
  ul.codes code { font-size: 1.05rem; color: var(--fg); }
  .actions { display: flex; flex-wrap: wrap; gap: 0 0.75rem; align-items: baseline; } .actions form { display: inline; }
`

export interface Field {
  name: string
  label: string
  type: 'text' | 'password'
  autocomplete: string
  value?: string
  hint?: string
  /** What is wrong with this field, shown under it (and announced with it). */
  error?: string
}

export interface PageOptions {
  title: string
  intro: string
  action?: string
  fields?: Field[]
  hidden?: Record<string, string>
  submit?: string
  error?: string
  /** Extra paragraph after the form (plain text). */
  after?: string
  /** A link under the form (e.g. single sign-on). */
  link?: { href: string; text: string }
  /** Markup before the form, built with `html` (the passkey list and button). */
  beforeForm?: Markup
  /** A same-site script and the JSON it reads (`#zk-data`, when given); the page's CSP must allow the script. */
  script?: { src: string; data?: unknown }
  /** The theme chosen in the dashboard (`pageTheme`); absent: the system's. */
  theme?: 'light' | 'dark'
}

/** PAGE_CSP plus the site's own scripts (the passkey pages, and the copy button beside recovery codes). */
export const PAGE_CSP_WITH_SCRIPT = `${PAGE_CSP}; script-src 'self'`

/** JSON safe inside a <script type="application/json"> element (no `</script>`, no `<!--`). */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c')

/** A small server-rendered page (sign-in, first-run setup, refusals): labelled fields, errors announced. */
// The markup as it is served, line for line (prettier would reflow the html templates):
// prettier-ignore
export function renderPage(o: PageOptions): Markup {
  const errorId = 'page-error'
  const fields = (o.fields ?? []).map((f, i) => {
    const hintId = `${f.name}-hint`
    const fieldErrorId = `${f.name}-error`
    const described = [o.error && i === 0 ? errorId : '', f.error ? fieldErrorId : '', f.hint ? hintId : ''].filter(Boolean).join(' ')
    const invalid = (o.error && i === 0) || f.error
    return html`${i ? '\n' : ''}<label for="${f.name}">${f.label}</label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${i === 0 ? html` autofocus` : ''}${f.value ? html` value="${f.value}"` : ''}${described ? html` aria-describedby="${described}"` : ''}${invalid ? html` aria-invalid="true"` : ''}>
${f.error ? html`<p class="error" id="${fieldErrorId}">${f.error}</p>` : ''}${f.hint ? html`<p class="hint" id="${hintId}">${f.hint}</p>` : ''}`
  })
  const hidden = Object.entries(o.hidden ?? {}).map(([k, v], i) => html`${i ? '\n' : ''}<input type="hidden" name="${k}" value="${v}">`)
  const form = o.action
    ? html`<form method="post" action="${o.action}">\n${hidden}\n${fields}\n<button type="submit">${o.submit ?? 'Continue'}</button>\n</form>`
    : ''
  return html`<!doctype html>
<html lang="en"${o.theme ? html` data-theme="${o.theme}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · Zonekeeper</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<main>
<h1>${o.title}</h1>
<p>${o.intro}</p>
${o.error ? html`<p class="error" role="alert" id="${errorId}">${o.error}</p>\n` : ''}${o.beforeForm ?? ''}${form}
${o.link ? html`<p><a class="button" href="${o.link.href}">${o.link.text}</a></p>` : ''}
${o.after ? html`<p class="hint">${o.after}</p>` : ''}
</main>
${o.script ? html`${o.script.data === undefined ? '' : html`<script type="application/json" id="zk-data">${raw(scriptJson(o.script.data))}</script>\n`}<script src="${o.script.src}"></script>\n` : ''}</body>
</html>
`
}
