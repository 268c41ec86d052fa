// The dashboard server in live mode, run in its own process by proxy-throughput.bench.ts,
// forwarding to UPSTREAM_URL with a dummy credential.
import { createApp } from '../../server/app'
import { startServer } from '../../server/serve'
import { benchConfig } from './servers'

const app = createApp({
  config: benchConfig({
    credential: { kind: 'token', token: 'bench-token-0123456789abcdefghij' },
    apiBaseUrl: process.env.UPSTREAM_URL,
  }),
})
void startServer(app, '127.0.0.1', 0).then((s) => process.stdout.write(JSON.stringify({ url: s.url }) + '\n'))
process.on('SIGTERM', () => process.exit(0))
