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
