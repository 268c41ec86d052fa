import Database from 'better-sqlite3'
import { Hono } from 'hono'
import { createApp, type AppOptions } from '../server/app'
import type { ServerConfig } from '../server/config'
import type { Emulator } from '../server/emulator'
import { startServer, type RunningServer } from '../server/serve'

/** A server configuration for tests: sandbox on 127.0.0.1, a throw-away data folder unless given. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    mode: overrides.credential ? 'live' : 'sandbox',
    apiBaseUrl: 'http://127.0.0.1:9/client/v4',
    dataDir: ':memory:',
    resetSandbox: false,
    upstreamTimeoutMs: 5_000,
    allowedHosts: [],
    // Tests that change what a fake upstream answers between requests see every answer (budget tests set it).
    apiCacheMs: 0,
    ...overrides,
  }
}

export interface SeenRequest {
  method: string
  /** Path and query as the emulator received them. */
  url: string
  headers: Record<string, string>
  body: string
}

export interface FakeEmulator extends Emulator {
  seen: SeenRequest[]
  resets: number
}

/**
 * Stands in for the sandbox emulator: records what reaches it and answers with the envelope.
 * Door tests then depend only on the door, not on every area's emulator.
 */
export function fakeEmulator(): FakeEmulator {
  const app = new Hono()
  const db = new Database(':memory:')
  const fake: FakeEmulator = {
    app,
    db,
    ctx: { db, now: () => new Date() },
    seen: [],
    resets: 0,
    reset: async () => void fake.resets++,
    ready: Promise.resolve(),
    preparing: () => [],
    close: () => db.close(),
  }
  app.all('*', async (c) => {
    const url = new URL(c.req.url)
    fake.seen.push({
      method: c.req.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.text(),
    })
    return c.json({ result: { reached: true }, success: true, errors: [], messages: [] })
  })
  return fake
}

/** createApp + a real HTTP server on 127.0.0.1 with a free port. */
export function startApp(options: AppOptions): Promise<RunningServer> {
  return startServer(createApp(options), '127.0.0.1', 0)
}
