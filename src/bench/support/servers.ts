import type { ServerConfig } from '../../server/config'
import { testConfig } from '../../testing/server'

/** A server configuration for benches: the tests' one (loopback, free port, no request log), with a longer upstream time-out. */
export const benchConfig = (overrides: Partial<ServerConfig>): ServerConfig =>
  testConfig({ dataDir: '/nonexistent', upstreamTimeoutMs: 10_000, ...overrides })

/** createApp + a real HTTP server on 127.0.0.1 with a free port. */
export { startApp as startBenchServer } from '../../testing/server'
