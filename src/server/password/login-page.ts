const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch])

/** Where to go after signing in: a path on this site only (no `//host`, no `/\host`, no scheme). */
export function safeNext(next: string | undefined): string {
  if (!next || next.length > 2000) return '/'
  // eslint-disable-next-line no-control-regex -- control characters are what we refuse here
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f\\]/.test(next)) return '/'
  if (next === '/login' || next.startsWith('/login?')) return '/'
  return next
}

export interface LoginPageOptions {
  next: string
  error?: string
}

/** Content-Security-Policy of the sign-in page: nothing but its own inline style and its form. */
export const LOGIN_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/** The sign-in page: one labelled password field, plain words, an error announced to screen readers. */
export function renderLoginPage({ next, error }: LoginPageOptions): string {
  const errorId = 'sign-in-error'
  const describedBy = error ? ` aria-describedby="${errorId}" aria-invalid="true"` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Zonekeeper</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1d2330; }
  main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); width: min(24rem, 90vw); }
  h1 { font-size: 1.4rem; margin: 0 0 0.5rem; }
  p { line-height: 1.5; }
  label { display: block; font-weight: 600; margin: 1rem 0 0.35rem; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 0.55rem; border: 1px solid #6b7280; border-radius: 4px; }
  input:focus, button:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  button { margin-top: 1rem; font-size: 1rem; padding: 0.55rem 1.2rem; border: 0; border-radius: 4px; background: #1d4ed8; color: #fff; cursor: pointer; }
  .error { color: #b91c1c; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>Sign in to Zonekeeper</h1>
<p>This dashboard is protected by a password. Enter the password that was set for it on the server (DASHBOARD_PASSWORD).</p>
${error ? `<p class="error" role="alert" id="${errorId}">${escapeHtml(error)}</p>\n` : ''}<form method="post" action="/login">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${describedBy}>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`
}
