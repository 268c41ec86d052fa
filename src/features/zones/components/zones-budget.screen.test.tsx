import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { liveSandbox, type LiveInstance } from '@/testing/live-sandbox'
import { renderApp } from '@/testing/screen'

/**
 * The Zones page in live mode while the team's API budget runs out, as a person sees it: the real
 * dashboard (route tree, queries, layout) against a real live instance, which points at the sandbox
 * with the service's rate limit. A kept list is shown "as of N s ago"; a list nothing keeps is a
 * plain wait with a countdown that tries again by itself, never a bare 429.
 */
const QUOTA = 60
// Longer than any run of the test in real time (the window's end is reached by moving the clock),
// shorter than the longest wait the budget passes on (300 s).
const WINDOW = 120
const DEMO = SEED_ZONES.demo

// One clock for the sandbox's rate window, the live instance's budget and the page's countdown (they
// all run in this process and read Date): it runs with real time, and the test moves it to the
// window's end instead of waiting for it. Set before the servers start (they keep Date.now).
vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
afterAll(() => void vi.useRealTimers())
const moveClock = (ms: number) => vi.setSystemTime(Date.now() + ms)

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })
const realFetch = kit.realFetch
let live: LiveInstance

beforeAll(async () => {
  live = await kit.startLive({ cacheMs: 300 })
  // The page's requests go to the live instance over loopback (its local administrator: nobody is defined).
  kit.routeBrowserTo(live)
})
afterEach(() => cleanup())

/** Another client of the same token spends the budget straight at the sandbox down to `left`; returns the seconds left in the window. */
const spendDownTo = async (left: number) => (await kit.spendDownTo(live.token, left)).resetSeconds

describe('the Zones page while the team’s API budget is spent', () => {
  it('shows the kept list as of N s ago, and for a list nothing keeps a countdown that retries by itself', async () => {
    renderApp('/zones')
    expect(await screen.findByRole('link', { name: 'example.com' })).toBeTruthy()
    expect(screen.queryByText(/As of \d+ s ago/)).toBeNull()

    // Spent down to the last 2 of 60 (nobody spends those); the instance learns it from a read.
    const windowLeft = await spendDownTo(2)
    expect(windowLeft).toBeGreaterThan(8)
    await (await realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=2`)).arrayBuffer()
    await new Promise((r) => setTimeout(r, 1500))
    cleanup()

    // Opened again: the kept list, saying how old it is.
    renderApp('/zones')
    expect(await screen.findByRole('link', { name: 'example.com' })).toBeTruthy()
    expect((await screen.findByText(/As of \d+ s ago\. This list of zones is the one read then/)).textContent).toMatch(/team's API budget is low/)
    cleanup()

    // A search nothing keeps: the plain wait, counting down, then the answer once the window is over.
    renderApp('/zones?name=exam')
    const wait = await screen.findByText(/^The team's API budget is nearly spent: try again in \d+ s\.$/)
    const first = Number(/in (\d+) s/.exec(wait.textContent ?? '')?.[1])
    expect(first).toBeGreaterThan(3)
    await waitFor(() => expect(Number(/in (\d+) s/.exec(screen.getByText(/try again in \d+ s/).textContent ?? '')?.[1])).toBeLessThan(first), { timeout: 3000 })
    expect(document.body.textContent).not.toMatch(/HTTP status 429|Too many requests/)
    // Not before the window's end: still waiting a moment before it, and the list is not there.
    const shown = Number(/in (\d+) s/.exec(screen.getByText(/try again in \d+ s/).textContent ?? '')?.[1])
    moveClock((shown - 4) * 1000)
    await waitFor(() => expect(screen.getByText(/try again in [1-4] s/)).toBeTruthy(), { timeout: 3000 })
    expect(screen.queryByRole('link', { name: 'example.com' })).toBeNull()
    // The window ends: the page tries again by itself and shows the list.
    moveClock(4000)
    expect(await screen.findByRole('link', { name: 'example.com' }, { timeout: 8000 })).toBeTruthy()
    expect(screen.queryByText(/API budget is nearly spent/)).toBeNull()
  }, 60_000)
})
