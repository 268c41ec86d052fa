import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { AppOptions } from '../server/app'
import { type Emulator } from '../server/emulator'
import { memoryEmulator } from './memory-emulator'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import type { RunningServer } from '../server/serve'
import { createStore, type Store } from '../server/store'
import { startApp, testConfig } from './server'

/**
 * Live mode against the sandbox, for the rate budget's tests: a real sandbox server on loopback (the
 * emulator, in memory, without the two scale-test zones) that keeps the service's rate limit per
 * token (SANDBOX_RATE_LIMIT `quota`/`windowSeconds`; omitted: no limit), and real live instances
 * (API_TOKEN, API_BASE_URL at the sandbox's /client/v4) each on its own store. Nothing is mocked.
 *
 * The sandbox counts per token, so every live instance gets a token of its own unless told otherwise:
 * a test that needs a fresh window starts an instance instead of waiting the last window out.
 * Created in beforeAll, closed (with every instance and temp folder) in afterAll.
 */
export interface LiveSandboxOptions {
  /** SANDBOX_RATE_LIMIT; omitted: the sandbox keeps no rate limit (and sends no Ratelimit headers). */
  rateLimit?: { quota: number; windowSeconds: number }
}

export interface LiveOptions {
  /** API_TOKEN; default a new one (a fresh window at the sandbox). */
  token?: string
  /** The dashboard's store; default a new SQLite store in memory, closed with the instance. */
  store?: Store
  /** API_CACHE_MS: how long account-wide lists are kept (default 0, as testConfig). */
  cacheMs?: number
  /** The budget's settings; default `{ syncMs: 100 }`. */
  budget?: AppOptions['budget']
  log?: (line: string) => void
}

export interface LiveInstance extends RunningServer {
  token: string
  store: Store
}

/** A clock a test moves forward instead of waiting (for the budget's `now`). */
export function testClock() {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (ms: number) => void (offset += ms),
  }
}

const realFetch = globalThis.fetch

export function liveSandbox({ rateLimit }: LiveSandboxOptions = {}) {
  let emulator: Emulator | undefined
  let sandbox: RunningServer | undefined
  const lines: string[] = []
  const dirs: string[] = []
  const instances: { server: RunningServer; ownStore?: Store }[] = []
  let browserTarget: string | undefined

  const tempDir = (prefix = 'zk-live-') => {
    const d = mkdtempSync(join(tmpdir(), prefix))
    dirs.push(d)
    return d
  }
  const started = <T>(what: T | undefined, name: string): T => {
    if (what === undefined) throw new Error(`The ${name} is started in beforeAll: use it inside a test.`)
    return what
  }
  const sandboxUrl = () => started(sandbox, 'sandbox').url
  const newToken = () => `live-token-${randomBytes(12).toString('hex')}`

  beforeAll(async () => {
    emulator = memoryEmulator({ scaleZones: false })
    sandbox = await startApp({
      config: testConfig(rateLimit ? { sandboxRateLimit: rateLimit } : {}),
      emulator,
      log: (line) => lines.push(line),
    })
  })
  afterAll(async () => {
    globalThis.fetch = realFetch
    for (const { server, ownStore } of instances.splice(0)) {
      await server.close()
      await ownStore?.close()
    }
    await sandbox?.close()
    emulator?.close()
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
  })

  const kit = {
    get emulator() {
      return started(emulator, 'sandbox')
    },
    get sandbox() {
      return started(sandbox, 'sandbox')
    },
    /** The sandbox server's log, one line per request (`GET /client/v4/zones/… 200 …`). */
    lines,
    /** Requests that reached the sandbox's /client/v4 door (what the live instances spent). */
    serviceCalls: () => lines.filter((l) => l.includes('/client/v4/')).length,
    /** Every 429 the service (the sandbox's door) answered: the budget exists so that there are none. */
    serviceRefusals: () => lines.filter((l) => l.includes('/client/v4/') && / 429 /.test(l)),
    tempDir,
    newToken,

    /** Starts a live instance pointed at the sandbox; closed in afterAll unless the test closes it (`close` may be called once). */
    async startLive({ token = newToken(), store: given, cacheMs, budget = { syncMs: 100 }, log }: LiveOptions = {}): Promise<LiveInstance> {
      const store = given ?? createStore({ dataDir: ':memory:' })
      const server = await startApp({
        config: testConfig({ credential: { kind: 'token', token }, apiBaseUrl: `${sandboxUrl()}/client/v4`, ...(cacheMs === undefined ? {} : { apiCacheMs: cacheMs }) }),
        store,
        budget,
        log: log ?? (process.env.ZK_DEBUG ? (l) => console.log(l) : undefined),
      })
      const entry = { server, ownStore: given ? undefined : store }
      instances.push(entry)
      return {
        ...server,
        token,
        store,
        close: async () => {
          const i = instances.indexOf(entry)
          if (i < 0) return
          instances.splice(i, 1)
          await server.close()
          await entry.ownStore?.close()
        },
      }
    },

    /**
     * Another client of `token` spends its budget straight at the sandbox until exactly `left`
     * requests are left in the window (never a 429): up to 16 requests at a time, as many as the
     * last answer says may still be spent. Returns the figure of the last answer.
     */
    async spendDownTo(token: string, left: number): Promise<{ remaining: number; resetSeconds: number }> {
      const one = async () => {
        const res = await realFetch(`${sandboxUrl()}/client/v4/zones/${SEED_ZONES.demo.id}`, { headers: { authorization: `Bearer ${token}` } })
        await res.arrayBuffer()
        const limit = res.headers.get('ratelimit') ?? ''
        if (res.status === 429) throw new Error(`spent too far: the sandbox refused (${limit})`)
        const remaining = Number(/r=(\d+)/.exec(limit)?.[1])
        if (!Number.isFinite(remaining) || !limit) throw new Error('The sandbox keeps no rate limit (no Ratelimit header).')
        return { remaining, resetSeconds: Number(/t=(\d+)/.exec(limit)?.[1]) }
      }
      let last = await one()
      while (last.remaining > left) {
        const batch = await Promise.all(Array.from({ length: Math.min(16, last.remaining - left) }, one))
        last = batch.reduce((a, b) => (b.remaining < a.remaining ? b : a))
      }
      return last
    },

    /**
     * The dashboard's browser code (its API client asks for `/api/v4/…`) talks to `live`, as a page
     * served by it would: every fetch of the test goes there (the kit's own calls do not). Undone in afterAll.
     */
    routeBrowserTo(live: RunningServer) {
      browserTarget = live.url
      globalThis.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        const path = url.startsWith('/') ? url : new URL(url).pathname + new URL(url).search
        return realFetch(browserTarget + path, input instanceof Request ? input : init)
      }
    },
    /** fetch as it was before routeBrowserTo (for calls straight to a server). */
    realFetch,
  }
  return kit
}
