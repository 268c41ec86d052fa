// The floor for the proxy's throughput, run in its own process by proxy-throughput.bench.ts: a bare
// pass-through proxy on node:http with no checks at all (no allowlist, validation or redaction):
// /api/v4/<path> → UPSTREAM_URL/<path>, answer streamed back, upstream connections kept alive.
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

const upstream = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:9/client/v4')
const agent = new Agent({ keepAlive: true })

const server = createServer((req, res) => {
  const path = upstream.pathname + (req.url ?? '/').replace(/^\/api\/v4/, '')
  const up = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: { accept: 'application/json' }, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  up.on('error', () => {
    res.writeHead(502)
    res.end()
  })
  req.pipe(up)
})
server.keepAliveTimeout = 65_000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) + '\n')
})
process.on('SIGTERM', () => process.exit(0))
