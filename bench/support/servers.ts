import { createApp, type AppOptions } from '../../src/server/app'
import type { ServerConfig } from '../../src/server/config'
import { startServer, type RunningServer } from '../../src/server/serve'

/** A server configuration for benches: loopback, free port, no request log. */
export function benchConfig(overrides: Partial<ServerConfig>): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    mode: overrides.credential ? 'live' : 'sandbox',
    apiBaseUrl: 'http://127.0.0.1:9/client/v4',
    dataDir: '/nonexistent',
    resetSandbox: false,
    upstreamTimeoutMs: 10_000,
    allowedHosts: [],
    ...overrides,
  }
}

export const startBenchServer = (options: AppOptions): Promise<RunningServer> => startServer(createApp(options), '127.0.0.1', 0)
