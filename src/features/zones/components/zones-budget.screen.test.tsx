import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
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
// Long enough for the steps before the search (more than the 3 s a page read would wait in-process
// is left then); its end is what the test then waits for.
const WINDOW = 12
const DEMO = SEED_ZONES.demo

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
    let windowLeft = await spendDownTo(2)
    if (windowLeft <= 8) {
      // The first page load took most of the window (a busy machine): spend the next one from its start.
      await new Promise((r) => setTimeout(r, windowLeft * 1000 + 200))
      windowLeft = await spendDownTo(2)
    }
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
    expect(await screen.findByRole('link', { name: 'example.com' }, { timeout: (first + 8) * 1000 })).toBeTruthy()
    expect(screen.queryByText(/API budget is nearly spent/)).toBeNull()
  }, 60_000)
})
