import { randomBytes } from 'node:crypto'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createStore } from '@/server/store'
import { liveSandbox, type LiveInstance } from '@/testing/live-sandbox'
import { renderApp } from '@/testing/screen'

/**
 * The API budget page with a stored credential besides the environment's: each credential's own
 * budget is listed by its name (the service counts each credential's requests apart).
 */
const kit = liveSandbox({ rateLimit: { quota: 60, windowSeconds: 300 } })
let live: LiveInstance

beforeAll(async () => {
  const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
  await store.credentials.add({
    label: '<b>Client B</b> token',
    credential: { kind: 'token', token: 'cfat_storedTokenForAccountB000000000000001' },
    check: { accounts: [{ id: 'b'.repeat(32), name: 'Account B' }], policies: null, status: null, expiresOn: null },
    by: 'test',
  })
  live = await kit.startLive({ store })
  kit.routeBrowserTo(live)
})
afterEach(() => cleanup())

describe('the API budget page with several credentials', () => {
  it("lists each credential's budget by its name, as text", async () => {
    await (await kit.realFetch(`${live.url}/api/v4/zones`)).arrayBuffer()
    renderApp('/api-budget')
    const table = await screen.findByRole('table', { name: 'Budget per credential' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['From the environment', '<b>Client B</b> token'])
    expect(within(rows[0]).getAllByRole('cell')[1].textContent).toMatch(/^\d+ of 60$/)
    expect(within(rows[1]).getAllByRole('cell')[1].textContent).toBe('No call through it yet on this deployment')
  }, 30_000)
})
