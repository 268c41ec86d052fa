/**
 * CSP Level 3 source matching (https://www.w3.org/TR/CSP3/ §6.7), reduced to what Page Shield sees:
 * scripts loaded by <script> elements and connections (fetch, XHR, WebSocket, beacons).
 */
import type { CspDirective, ParsedCsp } from './csp'

export type ResourceKind = 'script' | 'connection'

/** Directive lookup order per kind (CSP3 "effective directive" fallback lists). */
export const DIRECTIVE_FALLBACK: Record<ResourceKind, string[]> = {
  script: ['script-src-elem', 'script-src', 'default-src'],
  connection: ['connect-src', 'default-src'],
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21' }

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`)
  } catch {
    return undefined
  }
}

/** The origin of a page URL as the API reports it ("www.example.com/checkout", no scheme). */
export function pageOrigin(pageUrl: string): URL | undefined {
  return pageUrl ? parseUrl(pageUrl) : undefined
}

/** CSP3 "scheme-part match": http also allows https, ws allows wss/http/https, wss allows https. */
function schemeMatches(allowed: string, actual: string): boolean {
  if (allowed === actual) return true
  if (allowed === 'http:') return actual === 'https:'
  if (allowed === 'ws:') return ['wss:', 'http:', 'https:'].includes(actual)
  if (allowed === 'wss:') return actual === 'https:'
  return false
}

/** CSP3 'self': same host and port (or both default), same scheme or a secure upgrade of it. */
function sameOrigin(target: URL, page: URL): boolean {
  if (target.hostname.toLowerCase() !== page.hostname.toLowerCase()) return false
  const tp = target.protocol
  const pp = page.protocol
  const schemeOk = tp === pp || tp === 'https:' || tp === 'wss:' || (pp === 'http:' && tp === 'ws:')
  if (!schemeOk) return false
  return (target.port === '' && page.port === '') || (target.port || DEFAULT_PORTS[tp]) === (page.port || DEFAULT_PORTS[pp])
}

/** CSP3 path-part match: segment by segment, decoded; a trailing "/" makes the source a prefix. Case-sensitive. */
function pathMatches(sourcePath: string, targetPath: string): boolean {
  if (sourcePath === '/') return true
  const a = sourcePath.split('/')
  const exact = !sourcePath.endsWith('/')
  if (!exact) a.pop()
  const b = targetPath.split('/')
  if (a.length > b.length || (exact && a.length !== b.length)) return false
  return a.every((seg, i) => safeDecode(seg) === safeDecode(b[i]))
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\*\.[^/:]+|[^/:*]+)(?::(\d+|\*))?(\/.*)?$/i

/** Whether one source expression allows the URL, for a page at `page`. */
export function sourceAllows(source: string, target: URL, page: URL | undefined): boolean {
  const s = source.toLowerCase()
  if (s === "'none'") return false
  if (s === "'self'") return page !== undefined && sameOrigin(target, page)
  if (s.startsWith("'")) return false // hashes and other keywords do not allow URLs
  if (/^[a-z][a-z0-9+.-]*:$/.test(s)) return schemeMatches(s, target.protocol)
  if (s === '*') {
    // CSP3: * matches network schemes (http, https, ws, wss, ftp) and the page's own scheme; never data:, blob:, filesystem:.
    return ['http:', 'https:', 'ws:', 'wss:', 'ftp:'].includes(target.protocol) || target.protocol === page?.protocol
  }
  const m = HOST_SOURCE.exec(source)
  if (!m) return false
  const [, scheme, rawHost, port, path] = m
  if (scheme) {
    if (!schemeMatches(`${scheme.toLowerCase()}:`, target.protocol)) return false
  } else if (!schemeMatches(page?.protocol ?? 'https:', target.protocol)) return false
  const host = rawHost.toLowerCase()
  const targetHost = target.hostname.toLowerCase()
  if (host === '*') {
    /* any host */
  } else if (host.startsWith('*.')) {
    if (!targetHost.endsWith(host.slice(1))) return false
  } else if (host !== targetHost) return false
  if (port === undefined) {
    if (target.port !== '') return false // the URL API leaves a default port empty
  } else if (port !== '*' && port !== (target.port || DEFAULT_PORTS[target.protocol])) return false
  if (path !== undefined && !pathMatches(path, target.pathname)) return false
  return true
}

export interface CspVerdict {
  allowed: boolean
  /** False when no directive in the policy applies to this kind of resource (so it is never blocked). */
  governed: boolean
  /** The directive that decided; undefined when not governed. */
  directive?: string
  /** The source expression that let it through, when allowed by a directive. */
  source?: string
}

/** The directive that governs a kind of resource, following CSP's fallback to default-src. */
export function governingDirective(parsed: ParsedCsp, kind: ResourceKind): CspDirective | undefined {
  for (const name of DIRECTIVE_FALLBACK[kind]) {
    const d = parsed.directives.find((x) => x.name === name)
    if (d) return d
  }
  return undefined
}

/** Would this CSP let a page at `pageUrl` load the script / open the connection at `url`? */
export function cspAllows(parsed: ParsedCsp, kind: ResourceKind, url: string, pageUrl: string): CspVerdict {
  const directive = governingDirective(parsed, kind)
  if (!directive) return { allowed: true, governed: false }
  const target = parseUrl(url)
  if (!target) return { allowed: false, governed: true, directive: directive.name }
  const page = pageOrigin(pageUrl)
  const source = directive.sources.find((s) => sourceAllows(s, target, page))
  return source === undefined
    ? { allowed: false, governed: true, directive: directive.name }
    : { allowed: true, governed: true, directive: directive.name, source }
}
