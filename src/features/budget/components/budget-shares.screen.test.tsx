import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { liveSandbox, type LiveInstance } from '@/testing/live-sandbox'
import { renderApp } from '@/testing/screen'

/**
 * The API budget page in live mode, as an administrator sees it: the real dashboard against a real
 * live instance pointed at the rate-limited sandbox. It shows each person's calls in the current
 * window next to the most one person may make.
 */
const QUOTA = 60
const WINDOW = 300
const DEMO = SEED_ZONES.demo

const kit = liveSandbox({ rateLimit: { quota: QUOTA, windowSeconds: WINDOW } })
let live: LiveInstance

beforeAll(async () => {
  live = await kit.startLive()
  // The page's requests go to the live instance over loopback (its local administrator: nobody is defined).
  kit.routeBrowserTo(live)
})
afterEach(() => cleanup())

describe('the API budget page', () => {
  it('shows who spent how much of this window and the limit per person', async () => {
    for (let i = 0; i < 4; i++) await (await kit.realFetch(`${live.url}/api/v4/zones/${DEMO.id}/dns_records?per_page=5&page=${i + 1}`)).arrayBuffer()
    renderApp('/api-budget')
    const table = await screen.findByRole('table', { name: 'Share of the window' })
    const row = within(table).getByRole('row', { name: /local/ })
    // The 4 reads, and whatever the page's own layout asked for by then.
    const [name, calls, ofLimit] = within(row).getAllByRole('cell').map((c) => c.textContent)
    expect(name).toBe('local')
    expect(Number(calls)).toBeGreaterThanOrEqual(4)
    expect(ofLimit).toBe(`${calls} of 30`)
    expect(screen.getByText(/One person may make at most 30 of the 60 requests in any 5 minutes \(50 %\)/).textContent).toMatch(
      /the last 3 requests of the window are kept for administrators' page reads\.$/,
    )
  }, 30_000)
})
