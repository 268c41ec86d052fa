/**
 * Content-security-policy values as Page Shield policies carry them ("script-src 'self' js.stripe.com;
 * connect-src ..."): parse, build, and decide whether a URL would be allowed (CSP level 3 source
 * matching, reduced to what scripts and connections need).
 */

/** Directives a policy may carry, each with one plain sentence. */
export const CSP_DIRECTIVES = {
  'script-src': 'Where scripts may load from.',
  'script-src-elem': 'Where <script> elements may load from (overrides script-src for them).',
  'script-src-attr': 'Whether inline event handlers may run.',
  'connect-src': 'Where scripts may send requests (fetch, XHR, WebSocket, beacons).',
  'default-src': 'The fallback for every loading directive not listed.',
  'img-src': 'Where images may load from.',
  'style-src': 'Where stylesheets may load from.',
  'style-src-elem': 'Where <style> and stylesheet links may load from.',
  'style-src-attr': 'Whether inline style attributes are allowed.',
  'font-src': 'Where fonts may load from.',
  'frame-src': 'What pages may be embedded in frames.',
  'child-src': 'Where frames and workers may load from.',
  'worker-src': 'Where web workers may load from.',
  'media-src': 'Where audio and video may load from.',
  'object-src': 'Where plugins (<object>, <embed>) may load from.',
  'manifest-src': 'Where the web app manifest may load from.',
  'form-action': 'Where forms may be submitted.',
  'base-uri': 'What the <base> element may point to.',
  'frame-ancestors': 'Which sites may embed these pages in a frame.',
  'upgrade-insecure-requests': 'Load http:// resources over https:// instead (takes no sources).',
} as const
export type CspDirectiveName = keyof typeof CSP_DIRECTIVES
export const CSP_DIRECTIVE_NAMES = Object.keys(CSP_DIRECTIVES) as CspDirectiveName[]

export const CSP_KEYWORDS = [
  "'self'",
  "'none'",
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'strict-dynamic'",
  "'unsafe-hashes'",
  "'wasm-unsafe-eval'",
  "'report-sample'",
] as const

export interface CspDirective {
  name: string
  sources: string[]
}

export interface ParsedCsp {
  directives: CspDirective[]
  problems: string[]
}

const isKnownDirective = (name: string): name is CspDirectiveName => name in CSP_DIRECTIVES

/** Splits a CSP value into directives; problems are sentences a person can act on. */
export function parseCsp(value: string): ParsedCsp {
  const directives: CspDirective[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  for (const part of value.split(';')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean)
    if (tokens.length === 0) continue
    const name = tokens[0].toLowerCase()
    const sources = tokens.slice(1)
    if (!isKnownDirective(name)) {
      problems.push(`"${tokens[0]}" is not a directive a policy supports (for example script-src, connect-src, default-src).`)
      continue
    }
    if (seen.has(name))
      problems.push(`${name} appears twice; browsers ignore the second one. Merge the sources into one ${name}.`)
    seen.add(name)
    if (name === 'upgrade-insecure-requests' && sources.length > 0) problems.push('upgrade-insecure-requests takes no sources.')
    for (const s of sources) {
      if (/^'nonce-/i.test(s))
        problems.push(`${name}: nonces (${s}) are not supported in policies; use a hash ('sha256-…') or a host instead.`)
      else if (
        s.startsWith("'") &&
        !/^'(sha256|sha384|sha512)-[A-Za-z0-9+/_-]+=*'$/.test(s) &&
        !(CSP_KEYWORDS as readonly string[]).includes(s.toLowerCase())
      ) {
        problems.push(`${name}: ${s} is not a CSP keyword ('self', 'none', 'unsafe-inline', …) or a hash.`)
      }
    }
    if (sources.length > 1 && sources.some((s) => s.toLowerCase() === "'none'")) {
      problems.push(`${name}: 'none' cannot be combined with other sources.`)
    }
    directives.push({ name, sources })
  }
  if (directives.length === 0 && problems.length === 0)
    problems.push("The policy value needs at least one directive, for example script-src 'self'.")
  return { directives, problems }
}

/** "script-src 'self' js.stripe.com; connect-src 'self'" — directives without sources are kept bare. */
export function buildCsp(directives: CspDirective[]): string {
  return directives
    .filter((d) => d.name.trim() !== '')
    .map((d) => [d.name.trim(), ...dedupe(d.sources.map((s) => s.trim()).filter(Boolean))].join(' '))
    .join('; ')
}

const dedupe = (items: string[]) => [...new Set(items)]

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' }

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`)
  } catch {
    return undefined
  }
}

/** The origin of a page URL as the API reports it ("www.example.com/checkout", no scheme). */
export function pageOrigin(pageUrl: string): URL | undefined {
  return parseUrl(pageUrl)
}

/** Whether one source expression allows the URL, for a page at `page`. */
export function sourceAllows(source: string, target: URL, page: URL | undefined): boolean {
  const s = source.toLowerCase()
  if (s === "'none'") return false
  if (s === "'self'") return page !== undefined && sameOrigin(target, page)
  if (s.startsWith("'")) return false // hashes and other keywords do not allow URLs
  if (s === '*') return !['data:', 'blob:', 'filesystem:'].includes(target.protocol)
  if (/^[a-z][a-z0-9+.-]*:$/.test(s)) return schemeMatches(s, target.protocol)
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\*\.[^/:]+|[^/:*]+)(?::(\d+|\*))?(\/.*)?$/.exec(s)
  if (!m) return false
  const [, scheme, host, port, path] = m
  if (scheme) {
    if (!schemeMatches(`${scheme}:`, target.protocol)) return false
  } else {
    // No scheme: the page's scheme, with http pages also allowing https.
    const pageScheme = page?.protocol ?? 'https:'
    if (!schemeMatches(pageScheme, target.protocol)) return false
  }
  const targetHost = target.hostname.toLowerCase()
  if (host === '*') {
    /* any host */
  } else if (host.startsWith('*.')) {
    if (!targetHost.endsWith(host.slice(1))) return false
  } else if (host !== targetHost) return false
  if (port === undefined) {
    if (target.port !== '') return false // URL leaves the default port empty
  } else if (port !== '*' && port !== (target.port || DEFAULT_PORTS[target.protocol])) return false
  if (path && path !== '/') {
    const targetPath = decodeURIComponent(target.pathname)
    if (path.endsWith('/') ? !targetPath.startsWith(path) : targetPath !== path) return false
  }
  return true
}

/** CSP3 "scheme-part match": http also allows https, ws allows wss/http/https, wss allows https. */
function schemeMatches(allowed: string, actual: string): boolean {
  if (allowed === actual) return true
  if (allowed === 'http:') return actual === 'https:'
  if (allowed === 'ws:') return ['wss:', 'http:', 'https:'].includes(actual)
  if (allowed === 'wss:') return actual === 'https:'
  return false
}

/** CSP3 'self': same host, same or upgraded scheme (http → https, ws, wss; https → wss), same or default ports. */
function sameOrigin(target: URL, page: URL): boolean {
  if (target.hostname.toLowerCase() !== page.hostname.toLowerCase()) return false
  const tp = target.protocol
  const pp = page.protocol
  const schemeOk = tp === pp || (pp === 'http:' && ['https:', 'ws:', 'wss:'].includes(tp)) || (pp === 'https:' && tp === 'wss:')
  if (!schemeOk) return false
  return (target.port === '' && page.port === '') || (target.port || DEFAULT_PORTS[tp]) === (page.port || DEFAULT_PORTS[pp])
}

export type ResourceKind = 'script' | 'connection'

const LOOKUP: Record<ResourceKind, string[]> = {
  script: ['script-src-elem', 'script-src', 'default-src'],
  connection: ['connect-src', 'default-src'],
}

export interface CspVerdict {
  allowed: boolean
  /** The directive that decided; undefined when no directive governs this kind of resource. */
  directive?: string
}

/** Would this CSP let a page at `pageUrl` load the script / open the connection at `url`? */
export function cspAllows(parsed: ParsedCsp, kind: ResourceKind, url: string, pageUrl: string): CspVerdict {
  const directive = LOOKUP[kind].map((n) => parsed.directives.find((d) => d.name === n)).find((d) => d !== undefined)
  if (!directive) return { allowed: true }
  const target = parseUrl(url)
  if (!target) return { allowed: false, directive: directive.name }
  const page = pageOrigin(pageUrl)
  return { allowed: directive.sources.some((s) => sourceAllows(s, target, page)), directive: directive.name }
}
