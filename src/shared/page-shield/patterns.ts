/**
 * The two kinds of pattern a reviewer writes on the page-security screens, checked the same way by
 * the form (a message at the field) and the server (a 400 pointing at `pattern`):
 *
 * - a **script pattern** names the scripts a pattern verdict authorises: a host (`js.stripe.com`,
 *   `*.stripe.com` for its subdomains at any depth) or a URL (`https://js.stripe.com/*`, `*` anywhere
 *   in the path, never in the middle of the host);
 * - a **payment page** pattern names the pages where payment is taken: `shop.example/checkout/*`
 *   (scheme optional: http and https both; the API reports most page URLs without one), the host
 *   exactly or `*.shop.example` for its subdomains, `*` only at the end of the path.
 *
 * A pattern that would cover everything (`*`, `https://*`, a whole top-level domain) is refused:
 * a verdict on "every script" is not a review.
 */

export type ScriptPattern =
  | { ok: true; kind: 'host'; pattern: string; wildcardHost: boolean; host: string }
  | { ok: true; kind: 'url'; pattern: string; wildcardHost: boolean; host: string; scheme: 'http' | 'https'; port: string; path: string }
  | { ok: false; message: string; tooBroad?: true }

export type PagePattern =
  | { ok: true; pattern: string; schemes: ('http' | 'https')[]; wildcardHost: boolean; host: string; port: string; path: string; prefix: boolean }
  | { ok: false; message: string; tooBroad?: true }

export const PATTERN_MAX = 500
const LABELS = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#[\]]*$/

const TOO_BROAD_SCRIPT = 'This pattern would cover every script (or a whole top-level domain): name a host, as in https://js.stripe.com/*.'
const TOO_BROAD_PAGE = 'This pattern would cover every page: name the host and path, as in shop.example/checkout/*.'

/** The host part: its literal labels, and whether it starts with `*.`; an error message otherwise. */
function hostOf(raw: string, allowWildcard: boolean, broad: string): { host: string; wildcard: boolean } | { message: string; tooBroad?: true } {
  const host = raw.toLowerCase()
  if (host === '' || /^[*.]+$/.test(host)) return { message: broad, tooBroad: true }
  const wildcard = host.startsWith('*.')
  const literal = wildcard ? host.slice(2) : host
  if (literal.includes('*'))
    return { message: allowWildcard ? 'A * in the host may only start it, as in *.stripe.com.' : 'Name the host exactly (no *), as in shop.example.' }
  if (wildcard && !allowWildcard) return { message: 'Name the host exactly (no *), as in shop.example.' }
  if (!LABELS.test(literal)) return { message: `"${literal}" is not a host name: letters, digits, hyphens and dots, as in js.stripe.com.` }
  if (wildcard && !literal.includes('.')) return { message: broad, tooBroad: true }
  return { host: literal, wildcard }
}

/** A script pattern as the reviewer typed it, normalised (host in lower case) or refused with why. */
export function parseScriptPattern(input: string): ScriptPattern {
  const raw = input.trim()
  if (raw === '') return { ok: false, message: 'Enter a host (js.stripe.com) or a URL pattern (https://js.stripe.com/*).' }
  if (raw.length > PATTERN_MAX) return { ok: false, message: `A pattern is at most ${PATTERN_MAX} characters.` }
  if (/\s/.test(raw)) return { ok: false, message: 'A pattern has no spaces.' }
  if (/^\*+$/.test(raw)) return { ok: false, message: TOO_BROAD_SCRIPT, tooBroad: true }
  const m = /^([^:/]*):\/\/([^/]*)(\/.*)?$/.exec(raw)
  if (!m) {
    if (raw.includes('/') || raw.includes(':')) return { ok: false, message: 'A pattern with a path starts with https:// (or http://), as in https://js.stripe.com/*.' }
    const h = hostOf(raw, true, TOO_BROAD_SCRIPT)
    if ('message' in h) return { ok: false, ...h }
    const pattern = h.wildcard ? `*.${h.host}` : h.host
    return { ok: true, kind: 'host', pattern, wildcardHost: h.wildcard, host: h.host }
  }
  const scheme = m[1].toLowerCase()
  const [hostPart, port = ''] = m[2].split(/:(?=[^:]*$)/)
  if (scheme !== 'http' && scheme !== 'https') {
    if ((scheme === '*' || scheme === '') && /^[*.]*$/.test(hostPart)) return { ok: false, message: TOO_BROAD_SCRIPT, tooBroad: true }
    return { ok: false, message: 'A URL pattern starts with https:// or http://.' }
  }
  const h = hostOf(hostPart, true, TOO_BROAD_SCRIPT)
  if ('message' in h) return { ok: false, ...h }
  if (port !== '' && !/^\d{1,5}$/.test(port)) return { ok: false, message: 'The port is a number, as in https://cdn.example:8443/*.' }
  const path = m[3] ?? ''
  if (path === '') return { ok: false, message: `Add the path: ${scheme}://${m[2].toLowerCase()}/* for every script of this host.` }
  if (!PATH_CHARS.test(path)) return { ok: false, message: 'The path holds a character a URL does not: encode it (%20 for a space).' }
  const hostPort = (h.wildcard ? `*.${h.host}` : h.host) + (port ? `:${port}` : '')
  return { ok: true, kind: 'url', pattern: `${scheme}://${hostPort}${path}`, wildcardHost: h.wildcard, host: h.host, scheme, port, path }
}

/** A payment page pattern as typed, normalised, or refused with why. */
export function parsePagePattern(input: string): PagePattern {
  let raw = input.trim()
  if (raw === '') return { ok: false, message: 'Enter the pages, as in shop.example/checkout/*.' }
  if (raw.length > PATTERN_MAX) return { ok: false, message: `A pattern is at most ${PATTERN_MAX} characters.` }
  if (/\s/.test(raw)) return { ok: false, message: 'A pattern has no spaces.' }
  let schemes: ('http' | 'https')[] = ['https', 'http']
  const m = /^([^:/]*):\/\/(.*)$/.exec(raw)
  if (m) {
    const scheme = m[1].toLowerCase()
    if (scheme !== 'http' && scheme !== 'https') {
      if (/^[*]*$/.test(scheme) && /^[*./]*$/.test(m[2])) return { ok: false, message: TOO_BROAD_PAGE, tooBroad: true }
      return { ok: false, message: 'A page pattern starts with the host, or with https:// or http://.' }
    }
    schemes = [scheme]
    raw = m[2]
  }
  const slash = raw.indexOf('/')
  const hostRaw = slash === -1 ? raw : raw.slice(0, slash)
  const path = slash === -1 ? '/*' : raw.slice(slash)
  const [hostPart, port = ''] = hostRaw.split(/:(?=[^:]*$)/)
  const h = hostOf(hostPart, true, TOO_BROAD_PAGE)
  if ('message' in h) return { ok: false, ...h }
  if (port !== '' && !/^\d{1,5}$/.test(port)) return { ok: false, message: 'The port is a number, as in shop.example:8443/checkout/*.' }
  const prefix = path.endsWith('*')
  const literalPath = path.replace(/\*+$/, '')
  if (literalPath.includes('*')) return { ok: false, message: 'A * may only end the path, as in shop.example/checkout/*.' }
  if (!PATH_CHARS.test(literalPath)) return { ok: false, message: 'The path holds a character a URL does not: encode it (%20 for a space).' }
  const hostPort = (h.wildcard ? `*.${h.host}` : h.host) + (port ? `:${port}` : '')
  const pattern = `${schemes.length === 1 ? `${schemes[0]}://` : ''}${hostPort}${literalPath}${prefix ? '*' : ''}`
  return { ok: true, pattern, schemes, wildcardHost: h.wildcard, host: h.host, port, path: literalPath.toLowerCase(), prefix }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Whether a script (its URL and lower-case host) matches a parsed script pattern. */
export function scriptMatches(p: Extract<ScriptPattern, { ok: true }>, script: { url: string; host: string }): boolean {
  const host = script.host.toLowerCase()
  const hostOk = p.wildcardHost ? host.endsWith(`.${p.host}`) : host === p.host
  if (!hostOk || p.kind === 'host') return hostOk
  const prefix = `${p.scheme}://${host}${p.port ? `:${p.port}` : ''}`
  const path = new RegExp('^' + p.path.toLowerCase().split('*').map(escapeRe).join('.*') + '$', 's')
  const url = script.url.toLowerCase()
  return url.startsWith(prefix) && path.test(url.slice(prefix.length))
}

/**
 * Whether a page URL matches a parsed payment page pattern. The API reports most page URLs without
 * a scheme (`shop.example/checkout/step-1`): those match whatever scheme the pattern names.
 */
export function pageMatches(p: Extract<PagePattern, { ok: true }>, pageUrl: string): boolean {
  let url = pageUrl.toLowerCase()
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(url)
  if (scheme) {
    if (!(p.schemes as string[]).includes(scheme[1])) return false
    url = url.slice(scheme[0].length)
  }
  const slash = url.search(/[/?#]/)
  const hostPort = slash === -1 ? url : url.slice(0, slash)
  const rest = slash === -1 ? '/' : url[slash] === '/' ? url.slice(slash) : `/${url.slice(slash)}`
  const [host, port = ''] = hostPort.split(/:(?=[^:]*$)/)
  if (port !== p.port) return false
  if (!(p.wildcardHost ? host.endsWith(`.${p.host}`) : host === p.host)) return false
  if (p.prefix) return rest.startsWith(p.path || '/')
  return rest === (p.path || '/')
}
