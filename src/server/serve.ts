import { getRequestListener } from '@hono/node-server'
import { createServer, ServerResponse, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { jsonError, PROXY_CODES } from './http/envelope'
import { SECURITY_HEADERS } from './spa'

export interface RunningServer {
  server: Server
  /** `http://127.0.0.1:<port>`, with the port actually bound (PORT=0 picks a free one). */
  url: string
  port: number
  close(): Promise<void>
}

/** `/api/…`, also in absolute form (`http://host/api/…`). */
const isApiTarget = (target: string) => target.startsWith('/api/') || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/api\//i.test(target)

const SECURITY = Object.entries(SECURITY_HEADERS).map(([name, value]) => [name.toLowerCase(), value] as const)

/**
 * An answer that carries the security headers, and `cache-control: no-store` on `/api/…`, unless
 * the route set its own. They are folded into the headers the app hands to `writeHead` rather than
 * set on the answer beforehand: a header set beforehand makes Node merge the two one by one on
 * every request (its slow path, 1.5–2 % of the proxy's CPU in a profile); the route's own value
 * still wins either way.
 */
class SecureResponse extends ServerResponse {
  override writeHead(status: number, ...rest: unknown[]): this {
    const last = rest.at(-1)
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      // The Node adapter's form: one plain object, names in lower case (read from a Headers object).
      const headers = last as OutgoingHttpHeaders
      for (const [name, value] of SECURITY) if (headers[name] === undefined) headers[name] = value
      if (headers['cache-control'] === undefined && isApiTarget(this.req.url ?? '')) headers['cache-control'] = 'no-store'
    } else {
      // Any other form: set them on the answer, unless already there (the route's own wins).
      for (const [name, value] of SECURITY) if (!this.hasHeader(name)) this.setHeader(name, value)
      if (!this.hasHeader('cache-control') && isApiTarget(this.req.url ?? '')) this.setHeader('cache-control', 'no-store')
    }
    return (super.writeHead as (status: number, ...rest: unknown[]) => this)(status, ...rest)
  }
}

/**
 * Listens with the app on host:port, adding the security headers to every answer (SecureResponse). A request the
 * Node adapter cannot even parse into a URL (a backslash in the path, a bad Host header) gets a
 * 400 envelope.
 */
export function startServer(app: Hono, host: string, port: number): Promise<RunningServer> {
  const listener = getRequestListener(app.fetch, {
    hostname: host.includes(':') ? `[${host}]` : host,
    errorHandler: () => jsonError(400, PROXY_CODES.noRoute, 'Malformed request: its path or Host header cannot be read.'),
  })
  // API answers are private and change with every write: no cache may keep them. (Added on the Node
  // answer, rather than on each Response: cheaper, and no route can forget it.)
  const server = createServer<typeof IncomingMessage, typeof SecureResponse>({ ServerResponse: SecureResponse }, (req, res) => listener(req, res))
  server.keepAliveTimeout = 65_000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      const bound = (server.address() as AddressInfo).port
      const shown = host.includes(':') ? `[${host}]` : host
      resolve({
        server,
        url: `http://${shown}:${bound}`,
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
