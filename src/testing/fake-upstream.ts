import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  /** The request target as received: path and query. */
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => void

export interface FakeUpstream {
  /** Base URL to use as API_BASE_URL: `http://127.0.0.1:<port>/client/v4`. */
  url: string
  /** Every request that reached the fake, in order. */
  requests: RecordedRequest[]
  /** Replaces how the fake answers. */
  handle(handler: FakeHandler): void
  close(): Promise<void>
}

/**
 * A misbehaving but honest API: answers with the envelope and echoes everything it received,
 * in its body and as response headers (`x-echo-<name>`), and tries to set a cookie.
 */
export const echoHandler: FakeHandler = (req, res) => {
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) res.setHeader(`x-echo-${name}`, value)
  }
  res.setHeader('set-cookie', 'upstream_session=abc; Path=/')
  res.setHeader('content-type', 'application/json')
  res.end(
    JSON.stringify({
      result: { method: req.method, url: req.url, headers: req.headers, body: req.body },
      success: true,
      errors: [],
      messages: [],
    }),
  )
}

/** Never answers (for time-out tests). */
export const hangHandler: FakeHandler = () => {}

/** Drops the connection without an answer (for network-error tests). */
export const dropHandler: FakeHandler = (_req, res) => {
  res.socket?.destroy()
}

/** Starts the fake on 127.0.0.1 with a free port. */
export function startFakeUpstream(initial: FakeHandler = echoHandler, basePath = '/client/v4'): Promise<FakeUpstream> {
  let handler = initial
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(recorded)
      handler(recorded, res)
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}${basePath}`,
        requests,
        handle: (h) => (handler = h),
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
