import { cleanup, screen } from '@testing-library/react'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Emulator } from '@/server/emulator'
import { memoryEmulator } from '../../../testing/memory-emulator'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import type { RunningServer } from '@/server/serve'
import { createStore, type Store } from '@/server/store'
import { renderApp } from '@/testing/screen'
import { startApp, testConfig } from '@/testing/server'

/**
 * One zone's overview in live mode while the team's API budget is low, as a person sees it: the real
 * dashboard against a real live instance pointed at the rate-limited sandbox. The zone read by id is
 * answered from what the instance keeps, and the page says how old its status, name servers and plan
 * are, as the Zones page does for its list.
 */
const TOKEN = 'live-token-for-the-zone-overview-screen-0123456789'
const QUOTA = 60
const WINDOW = 120
const DEMO = SEED_ZONES.demo

let emulator: Emulator
let sandbox: RunningServer
let live: RunningServer
let store: Store
let dir = ''
const realFetch = globalThis.fetch

beforeAll(async () => {
  emulator = memoryEmulator({ scaleZones: false })
  sandbox = await startApp({ config: testConfig({ sandboxRateLimit: { quota: QUOTA, windowSeconds: WINDOW } }), emulator })
  dir = mkdtempSync(join(tmpdir(), 'zk-zone-overview-budget-'))
  store = createStore({ dataDir: dir })
  live = await startApp({
    config: testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: `${sandbox.url}/client/v4`, apiCacheMs: 300 }),
    store,
    budget: { syncMs: 100 },
  })
  // The page's requests go to the live instance over loopback (its local administrator: nobody is defined).
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const path = url.startsWith('/') ? url : new URL(url).pathname + new URL(url).search
    return realFetch(live.url + path, input instanceof Request ? input : init)
  }
})
afterEach(() => cleanup())
afterAll(async () => {
  globalThis.fetch = realFetch
  await live.close()
  await sandbox.close()
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Another client of the same token spends the budget straight at the sandbox down to `left`. */
async function spendDownTo(left: number) {
  for (;;) {
    const res = await realFetch(`${sandbox.url}/client/v4/zones/${DEMO.id}/dns_records?per_page=5`, { headers: { authorization: `Bearer ${TOKEN}` } })
    await res.arrayBuffer()
    if (Number(/r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]) <= left) return
  }
}

describe('a zone’s overview while the team’s API budget is low', () => {
  it('says how old the zone’s details are when they come from what the server keeps', async () => {
    renderApp(`/zones/${DEMO.id}`)
    expect(await screen.findByRole('heading', { name: DEMO.name })).toBeTruthy()
    expect(await screen.findByText('Name servers')).toBeTruthy()
    expect(screen.queryByText(/As of \d+ s ago/)).toBeNull()

    // Low: 4 of 60 left (below the tenth long work may not spend); the instance learns it from a read.
    await spendDownTo(4)
    await (await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=2`)).arrayBuffer()
    await new Promise((r) => setTimeout(r, 1500))
    cleanup()

    // Opened again: the zone kept by the instance, past its time, and the page says so in plain words.
    renderApp(`/zones/${DEMO.id}`)
    expect(await screen.findByRole('heading', { name: DEMO.name })).toBeTruthy()
    const notice = await screen.findByText(/^As of \d+ s ago\./)
    expect(Number(/As of (\d+) s ago/.exec(notice.textContent ?? '')?.[1])).toBeGreaterThanOrEqual(1)
    expect(notice.textContent).toMatch(/This zone's status, name servers and plan are shown as they were then: the team's API budget is low/)
    expect(document.body.textContent).not.toMatch(/HTTP status 429|Too many requests/)
  }, 60_000)
})
