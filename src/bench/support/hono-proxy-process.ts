// A reference point for the proxy's throughput, run in its own process by proxy-throughput.bench.ts:
// one Hono route forwarding /api/v4/<path> with the dashboard's own upstream code (src/server/upstream/index.ts:
// keep-alive pool, answer checked and scrubbed) on the same Node server set-up, but none of the
// dashboard's checks (host, path, sign-in, roles, audit). Proxy ÷ this is what the checks cost;
// this ÷ the bare node:http proxy is what the framework and upstream code cost.
import { Hono } from 'hono'
import { startServer } from '../../server/serve'
import { createUpstream } from '../../server/upstream'

const app = new Hono()
const forward = createUpstream({
  baseUrl: process.env.UPSTREAM_URL ?? 'http://127.0.0.1:9/client/v4',
  credential: { kind: 'token', token: 'bench-token-0123456789abcdefghij' },
  timeoutMs: 10_000,
})
app.get('/api/v4/*', (c) => {
  const url = c.req.url
  return forward({ method: 'GET', pathAndQuery: url.slice(url.indexOf('/api/v4') + '/api/v4'.length) })
})
void startServer(app, '127.0.0.1', 0).then((s) => process.stdout.write(JSON.stringify({ url: s.url }) + '\n'))
process.on('SIGTERM', () => process.exit(0))
