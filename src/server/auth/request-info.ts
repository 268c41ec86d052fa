import type { Context } from 'hono'
import { isOwnOrigin, requestHost } from '../guard'

/** The peer's address (the socket's; X-Forwarded-For is not trusted, as anyone can send it). */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

export const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

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
