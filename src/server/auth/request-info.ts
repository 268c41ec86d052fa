import type { Context } from 'hono'
import { isOwnOrigin, requestHost } from '../guard'

/** The peer's address (the socket's; X-Forwarded-For is not trusted, as anyone can send it). */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

export const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

/** True when a form post came from another site (its Origin names another host). */
export function foreignPost(c: Context): boolean {
  const origin = c.req.header('origin')
  return origin !== undefined && !isOwnOrigin(origin, requestHost(c))
}
