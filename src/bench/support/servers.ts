import type { ServerConfig } from '../../server/config'
import { testConfig } from '../../testing/server'

/**
 * A server configuration for benches: the tests' one (loopback, free port, no request log, the
 * dashboard's store in memory unless a data dir is given), with a longer upstream time-out.
 * (A made-up path such as /nonexistent is no "nowhere" when the bench runs as root: it was created,
 * and a store there was shared by every checkout that ran the bench, with other checkouts' migrations.)
 */
export const benchConfig = (overrides: Partial<ServerConfig>): ServerConfig => testConfig({ upstreamTimeoutMs: 10_000, ...overrides })

/** createApp + a real HTTP server on 127.0.0.1 with a free port. */
export { startApp as startBenchServer } from '../../testing/server'
