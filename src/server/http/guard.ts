import type { Context, MiddlewareHandler } from 'hono'
import { parse as parseCookie } from 'hono/utils/cookie'
import { isLoopback } from '../config'
import { jsonError, PROXY_CODES } from './envelope'

/** The methods that change something (listed for routes registered on them, a set for lookups). */
export const WRITE_METHOD_LIST = ['POST', 'PUT', 'PATCH', 'DELETE']
export const WRITE_METHODS = new Set(WRITE_METHOD_LIST)

/**
 * The request target exactly as the client sent it (`/api/v4/zones/..%2f?x=1`), before any URL
 * normalisation: path tricks are judged on this. Falls back to the parsed URL for in-process requests.
 */
export function rawTarget(c: Context): string {
  const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming
  const raw = incoming?.url
  if (raw) return raw.startsWith('/') ? raw : raw.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/'
  const url = new URL(c.req.url)
  return url.pathname + url.search
}

/**
 * A request header, read from Node's own request when there is one: asking Hono (`c.req.header`)
 * makes a fetch Headers object of every header first, a cost on each proxied request.
 */
export function headerOf(c: Context, name: string): string | undefined {
  const headers = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)?.incoming?.headers
  if (!headers) return c.req.header(name)
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** One cookie of the request (the Cookie header read as headerOf does). */
export function cookieOf(c: Context, name: string): string | undefined {
  const header = headerOf(c, 'cookie')
  return header ? parseCookie(header, name)[name] : undefined
}

export function splitTarget(target: string): { path: string; query: string } {
  const q = target.indexOf('?')
  return q === -1 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q) }
}

/** host[:port] the request was addressed to (the Host header, as parsed into the request URL). */
export const requestHost = (c: Context) => new URL(c.req.url).host.toLowerCase()

/** True when the Origin header names this dashboard itself (same host and port as the request). */
export function isOwnOrigin(origin: string, host: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === host.toLowerCase()
  } catch {
    return false
  }
}

/**
 * Why a write must be refused, or undefined when it may go on. A write must carry
 * `X-Zonekeeper-Request: 1` (a custom header other sites cannot send without a CORS preflight we
 * never grant), and its Origin, when present, must be the dashboard's own.
 */
export function writeRefusal(c: Context): string | undefined {
  if (c.req.header('x-zonekeeper-request') !== '1') {
    return 'Write refused: the request lacks the header X-Zonekeeper-Request: 1 that the dashboard sends.'
  }
  const origin = c.req.header('origin')
  if (origin !== undefined && !isOwnOrigin(origin, requestHost(c))) {
    return 'Write refused: it came from another site (its Origin is not this dashboard).'
  }
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return 'Write refused: the browser reports it as coming from another site.'
  }
  return undefined
}

/** Middleware: applies `writeRefusal` to POST/PUT/PATCH/DELETE; 403 envelope, nothing runs after it. */
export const guardWrites: MiddlewareHandler = async (c, next) => {
  if (WRITE_METHODS.has(c.req.method)) {
    const refusal = writeRefusal(c)
    if (refusal) return jsonError(403, PROXY_CODES.refused, refusal)
  }
  await next()
}

/**
 * Against DNS rebinding (the refusal, or undefined): a server listening on loopback answers only requests
 * addressed to a loopback name (or one listed in ALLOWED_HOSTS). A page on evil.example whose
 * name is made to resolve to 127.0.0.1 would otherwise be "same origin" with the dashboard.
 */
export function hostCheck(listenHost: string, allowedHosts: string[]): (c: Context) => Response | undefined {
  const open = !isLoopback(listenHost) || allowedHosts.includes('*')
  const allowed = new Set(allowedHosts)
  if (open) return () => undefined
  // The verdict per host the request URL names (an http URL's authority ends at the first `/`): a
  // server sees a handful of them, and parsing each URL again on every request is a cost of its
  // own. Bounded: a client sending a new name each time only empties it.
  const verdicts = new Map<string, string | undefined>()
  return (c) => {
    const url = c.req.url
    const from = url.indexOf('//') + 2
    const host = url.slice(from, url.indexOf('/', from))
    let hostname = verdicts.get(host)
    if (hostname === undefined && !verdicts.has(host)) {
      const name = new URL(c.req.url).hostname.toLowerCase()
      hostname = isLoopback(name) || allowed.has(name) ? undefined : name
      if (verdicts.size >= 64) verdicts.clear()
      verdicts.set(host, hostname)
    }
    if (hostname === undefined) return undefined
    return jsonError(
      403,
      PROXY_CODES.refused,
      `This server answers requests addressed to localhost only, not "${hostname}". Add the name to ALLOWED_HOSTS if it is yours.`,
    )
  }
}
