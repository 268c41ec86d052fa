const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch])

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

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1d2330; }
  main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); width: min(26rem, 90vw); }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { line-height: 1.5; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 0.55rem; border: 1px solid #6b7280; border-radius: 4px; }
  h2 { font-size: 1.1rem; margin: 1.25rem 0 0.25rem; }
  ul.items { padding: 0; list-style: none; } ul.items li { padding: 0.5rem 0; border-bottom: 1px solid #d1d5db; }
  ul.items form { display: inline; } ul.items button { margin: 0.25rem 0 0; padding: 0.3rem 0.8rem; background: #b91c1c; }
  input:focus, button:focus, a:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  button, .button { display: inline-block; margin-top: 1rem; font-size: 1rem; padding: 0.55rem 1.2rem; border: 0; border-radius: 4px; background: #1d4ed8; color: #fff; cursor: pointer; text-decoration: none; }
  .error { color: #b91c1c; font-weight: 600; }
  .hint { color: #4b5563; font-size: 0.9rem; margin: 0.25rem 0 0; }
  @media (prefers-color-scheme: dark) { body { background: #111827; color: #e5e7eb; } main { background: #1f2937; } .hint { color: #9ca3af; } .error { color: #fca5a5; } input { background: #111827; color: #e5e7eb; } }
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
  /** Markup before the form, already built with escapeHtml (the passkey list and button). */
  beforeForm?: string
  /** A same-site script and the JSON it reads (`#zk-data`); the page's CSP must allow the script. */
  script?: { src: string; data: unknown }
}

/** PAGE_CSP plus the site's own scripts (the passkey pages only). */
export const PAGE_CSP_WITH_SCRIPT = `${PAGE_CSP}; script-src 'self'`

/** JSON safe inside a <script type="application/json"> element (no `</script>`, no `<!--`). */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c')

/** A small server-rendered page (sign-in, first-run setup, refusals): labelled fields, errors announced. */
export function renderPage(o: PageOptions): string {
  const errorId = 'page-error'
  const fields = (o.fields ?? [])
    .map((f, i) => {
      const hintId = `${f.name}-hint`
      const fieldErrorId = `${f.name}-error`
      const described = [o.error && i === 0 ? errorId : '', f.error ? fieldErrorId : '', f.hint ? hintId : ''].filter(Boolean).join(' ')
      const invalid = (o.error && i === 0) || f.error
      return `<label for="${f.name}">${escapeHtml(f.label)}</label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${i === 0 ? ' autofocus' : ''}${f.value ? ` value="${escapeHtml(f.value)}"` : ''}${described ? ` aria-describedby="${described}"` : ''}${invalid ? ' aria-invalid="true"' : ''}>
${f.error ? `<p class="error" id="${fieldErrorId}">${escapeHtml(f.error)}</p>` : ''}${f.hint ? `<p class="hint" id="${hintId}">${escapeHtml(f.hint)}</p>` : ''}`
    })
    .join('\n')
  const hidden = Object.entries(o.hidden ?? {})
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n')
  const form = o.action
    ? `<form method="post" action="${escapeHtml(o.action)}">\n${hidden}\n${fields}\n<button type="submit">${escapeHtml(o.submit ?? 'Continue')}</button>\n</form>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(o.title)} · Zonekeeper</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(o.title)}</h1>
<p>${escapeHtml(o.intro)}</p>
${o.error ? `<p class="error" role="alert" id="${errorId}">${escapeHtml(o.error)}</p>\n` : ''}${o.beforeForm ?? ''}${form}
${o.link ? `<p><a class="button" href="${escapeHtml(o.link.href)}">${escapeHtml(o.link.text)}</a></p>` : ''}
${o.after ? `<p class="hint">${escapeHtml(o.after)}</p>` : ''}
</main>
${o.script ? `<script type="application/json" id="zk-data">${scriptJson(o.script.data)}</script>\n<script src="${escapeHtml(o.script.src)}"></script>\n` : ''}</body>
</html>
`
}
