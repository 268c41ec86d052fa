import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DEMO_ACCOUNT } from '@/server/emulator/seed-ids'
import { currentSearch, renderApp, screenServer } from '@/testing/screen'

/**
 * The pools table's view in the URL, as a person uses it, answered by the real server app (sandbox)
 * in this process. The service answers every pool at once and has no paging parameters, so the
 * page is cut out in the browser and the account (in the API path) never becomes a query parameter.
 */
const server = screenServer()
const poolsPath = `/api/v4/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`

async function poolNames(): Promise<string[]> {
  const res = (await (await fetch(poolsPath, { headers: { 'x-zonekeeper-request': '1' } })).json()) as { result: { id: string; name: string }[] }
  return res.result.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)).map((p) => p.name)
}
const rowNames = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).queryAllByRole('cell')[0]?.textContent ?? '')
const poolReads = () => server.sent.filter((r) => r.method === 'GET' && r.url.startsWith(poolsPath))

describe('the pools table', () => {
  it('opens at the page and size its URL names, and pages in name order without sending paging', async () => {
    const names = await poolNames()
    expect(names.length).toBeGreaterThan(100)
    const user = userEvent.setup()
    renderApp(`/load-balancing?account=${DEMO_ACCOUNT.id}&page=2&per_page=50`)
    const table = await screen.findByRole('table', { name: `Load-balancer pools of ${DEMO_ACCOUNT.name}` })
    await waitFor(() => expect(rowNames(table)).toEqual(names.slice(50, 100)))
    expect((screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement).value).toBe('50')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(currentSearch().get('page')).toBe('3'))
    await waitFor(() => expect(rowNames(table)).toEqual(names.slice(100, 150)))
    // The account stays in the URL; every read of the pools is the bare list (no query string).
    expect(currentSearch().get('account')).toBe(DEMO_ACCOUNT.id)
    expect(poolReads().length).toBeGreaterThan(0)
    for (const r of poolReads()) expect(r.url).toBe(poolsPath)
  })
})

/** What the dashboard kept from a finished run whose policy ids never existed in this sandbox. */
const finishedElsewhere = {
  version: 1,
  accountId: DEMO_ACCOUNT.id,
  startedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:05:00.000Z',
  options: { new_health: ['Unhealthy', 'Healthy'], event_source: ['pool', 'origin'] },
  pageSize: 25,
  totalPools: 130,
  groups: ['noc', 'oncall', 'payments-alerts', 'sre', 'web-team'].map((name, i) => ({
    address: `${name}@acme.example`,
    pools: [{ id: `p${i}`, name: `pool-${i}` }],
    policyId: `${i}`.repeat(32),
  })),
  step: 'done',
  clearedPages: [1, 2, 3, 4, 5, 6],
  blockedPages: [],
  warnings: [],
  log: [],
}

describe('a migration the dashboard kept', () => {
  it('is re-checked against the pools: a "done" one whose policies are gone is set aside, and the plan is offered again, also after a reload', async () => {
    const migrationUrl = `/api/local/accounts/${DEMO_ACCOUNT.id}/lb-migration`
    const put = await fetch(migrationUrl, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify(finishedElsewhere) })
    expect(put.status, await put.clone().text()).toBe(200)
    let view = renderApp('/load-balancing')
    expect(await screen.findByText(/no longer matches the account: 5 policies it created are gone/)).toBeTruthy()
    expect(screen.queryByText(/^Done: every legacy e-mail is cleared/)).toBeNull()
    expect(await screen.findByRole('button', { name: 'Plan the migration' })).toBeTruthy()
    await waitFor(async () => expect(((await (await fetch(migrationUrl)).json()) as { result: unknown }).result).toBeNull())
    view.unmount()
    // Opened again (a reload): nothing kept, the plan is offered.
    view = renderApp('/load-balancing')
    expect(await screen.findByRole('button', { name: 'Plan the migration' })).toBeTruthy()
    expect(screen.queryByText(/no longer matches the account/)).toBeNull()
    expect(screen.queryByText(/^Done: every legacy e-mail is cleared/)).toBeNull()
  })
})
