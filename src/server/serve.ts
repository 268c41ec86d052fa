import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Hono } from 'hono'
import { jsonError, PROXY_CODES } from './envelope'
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

/**
 * Listens with the app on host:port, adding the security headers to every answer. A request the
 * Node adapter cannot even parse into a URL (a backslash in the path, a bad Host header) gets a
 * 400 envelope.
 */
export function startServer(app: Hono, host: string, port: number): Promise<RunningServer> {
  const listener = getRequestListener(app.fetch, {
    hostname: host.includes(':') ? `[${host}]` : host,
    errorHandler: () => jsonError(400, PROXY_CODES.noRoute, 'Malformed request: its path or Host header cannot be read.'),
  })
  const server = createServer((req, res) => {
    for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name])
    // API answers are private and change with every write: no cache may keep them. (Set here, on
    // the Node answer, rather than on each Response: cheaper, and no route can forget it.)
    if (isApiTarget(req.url ?? '')) res.setHeader('cache-control', 'no-store')
    return listener(req, res)
  })
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
