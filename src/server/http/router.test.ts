import type { Hono } from 'hono'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { TrieRouter } from 'hono/router/trie-router'
import { afterAll, describe, expect, it } from 'vitest'
import { fakeEmulator, testConfig } from '../../testing/server'
import { createApp } from '../app'
import { AppRouter } from './router'
import { createStore } from '../store'

/**
 * The app's router (router.ts): Hono's fast router (RegExpRouter) matches every request but the
 * dashboard's own `/api/local/…` ones, whose names beside ids (`/audit/chain`, `/audit/:id`) it
 * refuses; and the split routes every request exactly as one router holding all routes would.
 */
const store = createStore({ dataDir: ':memory:' })
const emulator = fakeEmulator()
afterAll(async () => {
  await store.close()
  emulator.close()
})
const apps: [string, Hono][] = [
  // The proxy as the bench runs it: live, the budget on.
  ['live', createApp({ config: testConfig({ credential: { kind: 'token', token: 'router-test-token-0123456789abcdef' } }), store })],
  // The sandbox, with the pages (the folder need not exist to route).
  ['sandbox', createApp({ config: testConfig(), emulator, store, staticDir: '/nonexistent-zonekeeper-dist' })],
]

const ZONE = '0123456789abcdef0123456789abcdef'
const REQUESTS: [string, string][] = [
  ['GET', `/api/v4/zones/${ZONE}/dns_records`],
  ['POST', `/api/v4/zones/${ZONE}/dns_records`],
  ['GET', '/client/v4/zones'],
  ['GET', '/healthz'],
  ['GET', '/login'],
  ['GET', '/'],
  ['GET', `/zones/${ZONE}/dns`],
  ['GET', '/api/local/audit/chain'],
  ['GET', '/api/local/audit/export.csv'],
  ['GET', '/api/local/audit/42'],
  ['GET', '/api/local/audit/42/undo-check'],
  ['POST', '/api/local/audit/42/undo'],
  ['GET', '/api/local/change-requests/summary'],
  ['GET', '/api/local/change-requests/7'],
  ['GET', `/api/local/change-requests/zones/${ZONE}`],
  ['POST', `/api/local/change-requests/zones/${ZONE}/zone-file`],
  ['POST', '/api/local/change-requests/7/approve'],
  ['GET', '/api/local'],
  ['GET', '/api/localhost'],
  ['GET', '/api/local/nothing'],
  ['POST', '/api/sandbox/reset'],
]

describe.each(apps)('the %s app', (_mode, app) => {
  it("matches everything but its own /api/local routes with Hono's fast router", async () => {
    await app.request(`http://127.0.0.1/api/v4/zones/${ZONE}/dns_records`)
    const router = app.router as AppRouter<unknown>
    expect(router).toBeInstanceOf(AppRouter)
    expect(router.main.activeRouter).toBeInstanceOf(RegExpRouter)
    // Every route outside /api/local is one the fast router takes.
    const fast = new RegExpRouter<string>()
    for (const r of app.routes.filter((x) => !x.path.startsWith('/api/local/'))) fast.add(r.method, r.path, r.path)
    expect(() => fast.match('GET', '/')).not.toThrow()
  })

  it('routes each request to the same handlers, in the same order and with the same parameters, as one router of all routes', () => {
    const one = new TrieRouter<unknown>()
    const split = new AppRouter<unknown>()
    for (const r of app.routes) {
      one.add(r.method, r.path, r.handler)
      split.add(r.method, r.path, r.handler)
    }
    // What a router's answer means to Hono: the handlers in order, each with its parameters' values.
    const resolved = ([matched, stash]: ReturnType<AppRouter<unknown>['match']>) =>
      matched.map(([handler, params]) => ({
        handler,
        params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, stash ? stash[v as number] : v])),
      }))
    for (const [method, path] of REQUESTS) {
      const want = resolved(one.match(method, path))
      expect(want.length, `${method} ${path}`).toBeGreaterThan(0)
      expect(resolved(split.match(method, path)), `${method} ${path}`).toEqual(want)
    }
  })
})
