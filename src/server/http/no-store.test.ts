import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig } from '../../testing/server'
import { addPerson } from '../../testing/server/auth'
import type { RunningServer } from '../serve'
import { createStore } from '../store'

/** No /api answer may be kept by a browser or proxy cache, whatever its status. */
let server: RunningServer
let gated: RunningServer
beforeAll(async () => {
  server = await startApp({ config: testConfig(), emulator: fakeEmulator(), endpoints: [{ method: 'GET', path: '/zones' }] })
  // Sign-in is required once somebody has an account.
  const store = createStore({ dataDir: ':memory:' })
  await addPerson(store, 'ada', 'admin')
  gated = await startApp({ config: testConfig(), emulator: fakeEmulator(), store })
})
afterAll(async () => {
  await server.close()
  await gated.close()
})

describe('Cache-Control: no-store on every /api answer', () => {
  it.each<[string, { method?: string; path: string; headers?: Record<string, string> }, number]>([
    ['a list', { path: '/api/v4/zones' }, 200],
    ['an unknown API path', { path: '/api/v4/accounts' }, 404],
    ['a path trick', { path: '/api/v4/zones/%2e%2e' }, 404],
    ['a refused write', { method: 'POST', path: '/api/sandbox/reset' }, 403],
    ['a sandbox reset', { method: 'POST', path: '/api/sandbox/reset', headers: { 'x-zonekeeper-request': '1' } }, 200],
    ['the dashboard’s own store', { path: '/api/local/nothing-here' }, 404],
  ])('%s', async (_what, req, status) => {
    const res = await rawRequest(server.url, req)
    expect(res.status).toBe(status)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('also on the sign-in refusal', async () => {
    const res = await rawRequest(gated.url, { path: '/api/v4/zones' })
    expect(res.status).toBe(401)
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
