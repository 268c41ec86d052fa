import type { Context, MiddlewareHandler } from 'hono'
import { headerOf, isOwnOrigin, requestHost } from '../http/guard'
import { resolveClient, type ClientInfo, type TrustedProxies } from '../http/trusted-proxies'

declare module 'hono' {
  interface ContextVariableMap {
    /** TRUSTED_PROXIES, set on every request by `trustProxies` when configured (app.ts). */
    zkTrustedProxies: TrustedProxies
  }
}

/** Middleware (only when TRUSTED_PROXIES is set): lets clientAddress and isHttps believe those proxies. */
export const trustProxies =
  (trusted: TrustedProxies): MiddlewareHandler =>
  (c, next) => {
    c.set('zkTrustedProxies', trusted)
    return next()
  }

/**
 * The client: the socket's peer, or behind a proxy listed in TRUSTED_PROXIES the address it
 * forwarded (X-Forwarded-For from anyone else is ignored, as anyone can send it). See trusted-proxies.ts.
 */
export function clientInfo(c: Context): ClientInfo {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  const tls = new URL(c.req.url).protocol === 'https:'
  const peer = incoming?.socket?.remoteAddress
  if (peer === undefined) return { address: 'local', https: tls }
  return resolveClient(
    peer,
    { forwardedFor: headerOf(c, 'x-forwarded-for'), forwardedProto: headerOf(c, 'x-forwarded-proto'), tls },
    c.get('zkTrustedProxies'),
  )
}

/** The client's address (throttling keys, the sessions list). */
export const clientAddress = (c: Context): string => clientInfo(c).address

/** The browser reached the dashboard over HTTPS (cookies get `Secure`). */
export const isHttps = (c: Context): boolean => clientInfo(c).https

/**
 * The URL as the browser sees it: behind a trusted proxy that terminates TLS, `https:` (for the
 * single sign-on redirect URI). The host is the Host header, which the proxy passes on.
 */
export function publicUrl(c: Context): URL {
  const url = new URL(c.req.url)
  if (url.protocol === 'http:' && isHttps(c)) url.protocol = 'https:'
  return url
}

/**
 * True when a form post came from another site. Browsers send `Origin: null` for forms on pages
 * with `Referrer-Policy: no-referrer` (the dashboard's own pages), so a null origin is accepted only
 * when the browser also reports the request as same-origin (Sec-Fetch-Site).
 */
export function foreignPost(c: Context): boolean {
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
  const origin = c.req.header('origin')
  if (origin === undefined) return false
  if (origin === 'null') return site !== 'same-origin'
  return !isOwnOrigin(origin, requestHost(c))
}
